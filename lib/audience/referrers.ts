/** Hosts only: the browser sends no path or query (docs/behaviour.md, "Audience measurement"). */
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

const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*$/;

export type ReferrerSource =
  | { kind: 'internal' }
  | { kind: 'direct' }
  | { kind: 'search'; name: string }
  | { kind: 'site'; host: string };

export function normaliseHost(host: string): string | null {
  const lower = host.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST.test(lower)) return null;
  return lower.replace(/^www\./, '');
}

/** '' is a direct visit; one of the site's own hosts, a page read after another (not an entry). */
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
