import { articleImageHosts } from './images';

/** A path segment as the site writes them: no dot segment, no slash hidden in its encoding. */
function plainSegment(segment: string): boolean {
  if (!/^[\w%.-]+$/.test(segment) || segment === '.' || segment === '..') return false;
  try {
    const decoded = decodeURIComponent(segment);
    return !/[/\\]/.test(decoded) && decoded !== '.' && decoded !== '..';
  } catch {
    return false;
  }
}

/**
 * next.config.ts's images.localPatterns say the same, but a malformed path ('/\\host/x') gets past
 * them and fails inside the optimiser with 500.
 */
export function imageAddressProblem(urls: string[]): string | null {
  const [url] = urls;
  if (urls.length !== 1 || url === undefined) return 'not one url';
  if (url.startsWith('/')) {
    if (url.includes('?') || url.includes('#')) return 'a query in the url';
    const segments = url.slice(1).split('/');
    if (!segments.every(plainSegment)) return 'a malformed url';
    const [first, ...rest] = segments;
    if (first === 'images' && rest.length >= 1) return null;
    if (first === 'api' && rest[0] === 'article-image' && rest.length === 3) return null;
    return 'not an image of the site';
  }
  try {
    const remote = new URL(url);
    if (
      remote.protocol === 'https:' &&
      (articleImageHosts as readonly string[]).includes(remote.hostname) &&
      remote.port === '' &&
      remote.username === '' &&
      remote.password === ''
    )
      return null;
  } catch {
    return 'a malformed url';
  }
  return 'not an image of the site';
}
