/**
 * Where an entry came from, as a host only (docs/behaviour.md, Audience measurement): search
 * engines grouped by name, any other site by its host without `www.`. The browser sends the
 * referrer's host alone (never its path or query), and only this grouping is stored.
 */
const searchEngines: readonly [name: string, pattern: RegExp][] = [
  // google.fr, google.co.uk, news.google.com…, and the Google app on Android.
  ['Google', /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$|^com\.google\.android\.googlequicksearchbox$/],
  ['Bing', /(^|\.)bing\.com$/],
  ['Qwant', /(^|\.)qwant\.com$/],
  ['DuckDuckGo', /(^|\.)duckduckgo\.com$/],
  ['Ecosia', /(^|\.)ecosia\.org$/],
  ['Yahoo', /(^|\.)search\.yahoo\.com$/],
  ['Brave Search', /^search\.brave\.com$/],
  ['Startpage', /(^|\.)startpage\.com$/],
  ['Lilo', /(^|\.)lilo\.org$/],
  ['Kagi', /(^|\.)kagi\.com$/],
  ['Yandex', /(^|\.)yandex\.[a-z]{2,3}$|^ya\.ru$/],
  ['Baidu', /(^|\.)baidu\.com$/],
];

/** A host as a browser names it: letters, digits, hyphens and dots (IP addresses included). */
const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*$/;

export type ReferrerSource =
  | { kind: 'internal' }
  | { kind: 'direct' }
  | { kind: 'search'; name: string }
  | { kind: 'site'; host: string };

/** The host without case, trailing dot or leading `www.`, or null when it is not a host. */
export function normaliseHost(host: string): string | null {
  const lower = host.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST.test(lower)) return null;
  return lower.replace(/^www\./, '');
}

/**
 * The source of a page view: '' is a direct visit (typed address, bookmark, an app or a site
 * that sends no referrer); one of the site's own hosts is a page read after another (internal:
 * not an entry). Null when `host` is not a host name at all.
 */
export function referrerSource(host: string, ownHosts: readonly string[]): ReferrerSource | null {
  if (host === '') return { kind: 'direct' };
  const normalised = normaliseHost(host);
  if (normalised === null) return null;
  const own = ownHosts.map((own) => normaliseHost(own.replace(/:\d+$/, '')));
  if (own.includes(normalised)) return { kind: 'internal' };
  for (const [name, pattern] of searchEngines)
    if (pattern.test(normalised)) return { kind: 'search', name };
  return { kind: 'site', host: normalised };
}
