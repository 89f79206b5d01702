import { partners } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { matchRoute } from '@/lib/routing/route-table';

/**
 * What the audience measurement counts a page as (docs/behaviour.md, Audience measurement): its
 * canonical address in its language ('/x' and '/fr/x' are one page, '/actualites/{slug}' and
 * '/blog/{slug}' one article) and its kind, the grain of the loading times.
 */
export const pageKinds = ['home', 'profile', 'list', 'article', 'legal'] as const;
export type PageKind = (typeof pageKinds)[number];

export interface MeasuredPage {
  path: string;
  kind: PageKind;
  locale: Locale;
  /** An article's slug: the page counts only while the article is published. */
  slug?: string;
}

const kindOfPage = new Map<string, PageKind>([
  ['/', 'home'],
  ...partners.map((partner) => [partner.profilePath, 'profile'] as [string, PageKind]),
  ['/actualites', 'list'],
  ['/blog', 'list'],
  ['/mentions-legales', 'legal'],
  ['/politique-confidentialite', 'legal'],
  ['/politique-cookies', 'legal'],
]);

/** The page an address shows, or null when no page of the site answers it (a vCard is no page). */
export function measuredPage(pathname: string): MeasuredPage | null {
  const route = matchRoute(pathname);
  if (route.kind === 'not-found') return null;
  if (route.kind === 'article')
    return {
      path: localizedPath(route.locale, `/blog/${encodeURIComponent(route.slug)}`),
      kind: 'article',
      locale: route.locale,
      slug: route.slug,
    };
  const kind = kindOfPage.get(route.rest);
  if (!kind) return null;
  const canonical = kind === 'list' ? '/blog' : route.rest;
  return { path: localizedPath(route.locale, canonical), kind, locale: route.locale };
}

/**
 * The request header in which proxy.ts tells the layout what the audience measurement counts of
 * the page it renders: 'page' (a page shown) or 'not-found' (a 404); absent for anything else
 * (an error page, a preview), which is not counted.
 */
export const AUDIENCE_PAGE_HEADER = 'x-audience-page';
