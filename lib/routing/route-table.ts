import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { splitPath } from '@/lib/i18n/paths';
import { articleLists, sitePages } from './pages';

/** Decided before rendering, so that an unknown address gets a real 404 (docs/behaviour.md, "Addresses"). */
export type RouteMatch =
  | { kind: 'page'; locale: Locale; rest: string }
  | { kind: 'article'; locale: Locale; rest: string; slug: string }
  | { kind: 'not-found'; locale: Locale };

/** The internal page that renders the not-found view; never linked, always served with 404. */
export const NOT_FOUND_SEGMENT = 'introuvable';

export const REQUESTED_PATH_HEADER = 'x-pathname';

/** The article error while the sheet has never loaded (503); asked for by name, 404 like the above. */
export const ARTICLE_ERROR_SEGMENT = 'article-indisponible';

const pagePaths = new Set(sitePages.map((page) => page.path));

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
