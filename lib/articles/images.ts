/** Shown in turn, by row index, when a row has no usable image (SPEC 3.2). */
export const fallbackImages = [
  '/images/article-fallback-1.jpg',
  '/images/article-fallback-2.jpg',
] as const;

export function fallbackImage(rowIndex: number): string {
  return fallbackImages[Math.abs(rowIndex) % fallbackImages.length] ?? fallbackImages[0];
}

/** Remote hosts allowed for article images (next.config.ts images.remotePatterns). */
export const articleImageHosts = [
  'images.unsplash.com',
  'drive.google.com',
  'lh3.googleusercontent.com',
] as const;

/** Image-host links get width 1200 and quality 80, other parameters kept (SPEC 3.2, 9). */
function unsplashImage(url: URL): string {
  url.searchParams.set('w', '1200');
  url.searchParams.set('q', '80');
  return url.toString();
}

/** Cloud-drive share links become direct view links (SPEC 3.2). */
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
