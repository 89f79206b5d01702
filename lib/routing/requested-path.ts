import { headers } from 'next/headers';
import { matchRoute, REQUESTED_PATH_HEADER } from './route-table';

/**
 * The address the visitor asked for, as proxy.ts passed it on: after a rewrite (to the not-found
 * page, or from '/x' to '/fr/x') the page's own path is not that address.
 */
export async function requestedPath(): Promise<string> {
  return (await headers()).get(REQUESTED_PATH_HEADER) ?? '/';
}

/** Whether the visitor asked for an article's address (/blog/{slug} or /actualites/{slug}). */
export async function requestedAnArticle(): Promise<boolean> {
  return matchRoute(await requestedPath()).kind === 'article';
}
