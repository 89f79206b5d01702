/** Shown in turn, by row index, when a row has no usable image. */
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

/** Image-host links get width 1200 and quality 80, other parameters kept. */
function unsplashImage(url: URL): string {
  url.searchParams.set('w', '1200');
  url.searchParams.set('q', '80');
  return url.toString();
}

/** Cloud-drive share links become direct view links. */
function driveImage(url: URL): string {
  const fromPath = /^\/file\/d\/([\w-]+)/.exec(url.pathname)?.[1];
  const fromQuery = url.searchParams.get('id');
  const id = fromPath ?? (fromQuery && /^[\w-]+$/.test(fromQuery) ? fromQuery : null);
  return id ? `https://drive.google.com/uc?export=view&id=${id}` : url.toString();
}

/**
 * The image of a row: an https address on an allowed host (transformed as above) or a path of
 * this site; anything else (empty, another host, another scheme) gives the fallback image.
 */
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

/** Whether an address (after articleImage) may be given to next/image. */
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

/** A short, stable fingerprint of an address (FNV-1a), to version the image route below. */
function fingerprint(value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * What the page gives next/image for an article's image. A path of this site as it is; a remote
 * image through this site's own route (app/api/article-image), which answers the fallback image
 * whenever the remote host fails or answers something else than an image: the optimiser then
 * never fails, and the reader never sees a broken image, with or without JavaScript. The
 * address's fingerprint is part of the path, so an image changed in the sheet is a new image for
 * the optimiser's cache.
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

/** The preview token carried by an image route's version segment, if any. */
export function previewTokenOfImageVersion(version: string): string | undefined {
  const dot = version.indexOf('.');
  return dot === -1 ? undefined : version.slice(dot + 1);
}

/** The fallback image of an article whose remote image fails: one of the two, by slug. */
export function fallbackImageFor(slug: string): string {
  return fallbackImage(Number.parseInt(fingerprint(slug), 36));
}
