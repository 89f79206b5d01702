import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { sitePages } from '@/lib/routing/pages';
import { matchRoute } from '@/lib/routing/route-table';

/**
 * One page per canonical address and language ('/x' and '/fr/x' are one); its kind is the grain of
 * the loading times.
 */
export const pageKinds = ['home', 'profile', 'list', 'article', 'legal', 'letters'] as const;
export type PageKind = (typeof pageKinds)[number];

export interface MeasuredPage {
  path: string;
  kind: PageKind;
  locale: Locale;
  /** An article's slug: the page counts only while the article is published. */
  slug?: string;
}

/** null: no page for a reader (a vCard), not counted; pages.test.ts fails for a page missing here. */
export const kindOfSource: Readonly<Record<string, PageKind | null>> = {
  'app/[locale]/page.tsx': 'home',
  'app/[locale]/[partner]/page.tsx': 'profile',
  'app/[locale]/[partner]/vcard/route.ts': null,
  'app/[locale]/blog/page.tsx': 'list',
  'app/[locale]/actualites/page.tsx': 'list',
  'app/[locale]/mentions-legales/page.tsx': 'legal',
  'app/[locale]/politique-confidentialite/page.tsx': 'legal',
  'app/[locale]/politique-cookies/page.tsx': 'legal',
  'app/[locale]/veille/demande-recue/page.tsx': 'letters',
};

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
  const page = sitePages.find((candidate) => candidate.path === route.rest);
  const kind = page ? kindOfSource[page.source] : null;
  if (!page || !kind) return null;
  return {
    path: localizedPath(route.locale, page.canonical ?? page.path),
    kind,
    locale: route.locale,
  };
}

/** Set by proxy.ts for the layout: 'page' or 'not-found'; absent (an error page, a preview): not counted. */
export const AUDIENCE_PAGE_HEADER = 'x-audience-page';
