import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { splitPath } from '@/lib/i18n/paths';
import { articleLists, sitePages } from './pages';

/**
 * Which page answers an address (docs/behaviour.md, Addresses), decided before rendering so that an
 * unknown address gets a real 404 status with a server-rendered page. The pages are those of
 * lib/routing/pages.ts.
 */
export type RouteMatch =
  | { kind: 'page'; locale: Locale; rest: string }
  | { kind: 'article'; locale: Locale; rest: string; slug: string }
  | { kind: 'not-found'; locale: Locale };

/** The internal page that renders the not-found view; never linked, always served with 404. */
export const NOT_FOUND_SEGMENT = 'introuvable';

/** The request header in which proxy.ts passes on the address the visitor asked for. */
export const REQUESTED_PATH_HEADER = 'x-pathname';

/**
 * The internal page that renders 'Error loading article' while the sheet has never loaded; never
 * linked, always served with 503. Asked for directly, it is an unknown address (404) like the above.
 */
export const ARTICLE_ERROR_SEGMENT = 'article-indisponible';

const pagePaths = new Set(sitePages.map((page) => page.path));

/** `/blog/{slug}` and `/actualites/{slug}`. */
const articlePath = new RegExp(`^(?:${articleLists.map((list) => list.path).join('|')})/([^/]+)$`);

export function matchRoute(pathname: string): RouteMatch {
  const { prefix, rest } = splitPath(pathname);
  const locale = prefix ?? defaultLocale;
  const normalised = rest.length > 1 ? rest.replace(/\/+$/, '') : rest;
  if (pagePaths.has(normalised)) return { kind: 'page', locale, rest: normalised };
  const article = articlePath.exec(normalised);
  if (article?.[1]) {
    let slug: string;
    try {
      slug = decodeURIComponent(article[1]);
    } catch {
      return { kind: 'not-found', locale };
    }
    return { kind: 'article', locale, rest: normalised, slug };
  }
  return { kind: 'not-found', locale };
}
