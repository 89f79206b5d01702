import { defaultLocale, otherLocale, type Locale } from './locales';

export function splitPath(href: string): { prefix: Locale | null; rest: string; hash: string } {
  const hashIndex = href.indexOf('#');
  const hash = hashIndex >= 0 ? href.slice(hashIndex) : '';
  const path = (hashIndex >= 0 ? href.slice(0, hashIndex) : href) || '/';
  const match = /^\/(fr|en)(\/.*)?$/.exec(path);
  if (!match) return { prefix: null, rest: path, hash };
  return { prefix: match[1] as Locale, rest: match[2] ?? '/', hash };
}

export function localeOfPath(pathname: string): Locale {
  return splitPath(pathname).prefix === 'en' ? 'en' : defaultLocale;
}

function isHome(rest: string): boolean {
  return rest === '/' || rest === '';
}

/**
 * The FR/EN toggle (docs/behaviour.md, "Languages"): the home goes to the other home; any other
 * path swaps or gains its prefix and keeps its #anchor.
 */
export function toggleHref(href: string): string {
  // A query ('/fr/blog?tag=Cadres') is part of the remainder: the list stays filtered.
  const query = /\?[^#]*/.exec(href)?.[0] ?? '';
  const { prefix, rest, hash } = splitPath(href.replace(query, ''));
  const current = prefix ?? defaultLocale;
  const target = otherLocale(current);
  if (isHome(rest)) return `/${target}`;
  return `/${target}${rest}${query === '?' ? '' : query}${hash}`;
}

export function localizedPath(locale: Locale, rest: string): string {
  return isHome(rest) ? `/${locale}` : `/${locale}${rest.startsWith('/') ? rest : `/${rest}`}`;
}

/** A home-page section, reached by a full page load from any page. */
export function homeSectionHref(locale: Locale, anchor: string): string {
  return `/${locale}/#${anchor}`;
}

/** Partner cards link unprefixed in French and under /en in English. */
export function partnerHref(locale: Locale, profilePath: string): string {
  return locale === 'en' ? `/en${profilePath}` : profilePath;
}
