export const fallbackImages = [
  '/images/article-fallback-1.jpg',
  '/images/article-fallback-2.jpg',
] as const;

export function fallbackImage(rowIndex: number): string {
  return fallbackImages[Math.abs(rowIndex) % fallbackImages.length] ?? fallbackImages[0];
}

/** Remote hosts allowed for article images; next.config.ts reads them for images.remotePatterns. */
export const articleImageHosts = [
  'images.unsplash.com',
  'drive.google.com',
  'lh3.googleusercontent.com',
] as const;

function unsplashImage(url: URL): string {
  url.searchParams.set('w', '1200');
  url.searchParams.set('q', '80');
  return url.toString();
}

function driveImage(url: URL): string {
  const fromPath = /^\/file\/d\/([\w-]+)/.exec(url.pathname)?.[1];
  const fromQuery = url.searchParams.get('id');
  const id = fromPath ?? (fromQuery && /^[\w-]+$/.test(fromQuery) ? fromQuery : null);
  return id ? `https://drive.google.com/uc?export=view&id=${id}` : url.toString();
}

/** An https address on an allowed host, or a path of this site; anything else: the fallback. */
export function articleImage(raw: string, rowIndex: number): string {
  const value = raw.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fallbackImage(rowIndex);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fallbackImage(rowIndex);
  url.protocol = 'https:';
  const host = url.hostname.toLowerCase();
  if (host === 'images.unsplash.com') return unsplashImage(url);
  if (host === 'drive.google.com') return driveImage(url);
  if (host === 'lh3.googleusercontent.com') return url.toString();
  return fallbackImage(rowIndex);
}

export function isAllowedImage(src: string): boolean {
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  try {
    const url = new URL(src);
    return (
      url.protocol === 'https:' &&
      (articleImageHosts as readonly string[]).includes(url.hostname.toLowerCase())
    );
  } catch {
    return false;
  }
}

/** FNV-1a: short and stable. */
function fingerprint(value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * Remote images go through app/api/article-image, which answers the fallback when the host fails:
 * the optimiser never fails, the reader never sees a broken image. The fingerprint in the path
 * makes an image changed in the sheet a new one for the optimiser's cache.
 */
export function articleImageSrc(
  article: { slug: string; imageUrl: string },
  previewToken?: string,
): string {
  if (article.imageUrl.startsWith('/') && !article.imageUrl.startsWith('//'))
    return article.imageUrl;
  // A draft's image is served only with its preview token (base64url, so never a '.').
  const version = fingerprint(article.imageUrl) + (previewToken ? `.${previewToken}` : '');
  return `/api/article-image/${encodeURIComponent(article.slug)}/${version}`;
}

export function previewTokenOfImageVersion(version: string): string | undefined {
  const dot = version.indexOf('.');
  return dot === -1 ? undefined : version.slice(dot + 1);
}

export function fallbackImageFor(slug: string): string {
  return fallbackImage(Number.parseInt(fingerprint(slug), 36));
}
