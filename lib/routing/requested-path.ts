import { headers } from 'next/headers';
import { matchRoute, REQUESTED_PATH_HEADER } from './route-table';

/** After a rewrite (to the not-found page, or '/x' to '/fr/x') the page's own path is not the address asked for. */
export async function requestedPath(): Promise<string> {
  return (await headers()).get(REQUESTED_PATH_HEADER) ?? '/';
}

export async function requestedAnArticle(): Promise<boolean> {
  return matchRoute(await requestedPath()).kind === 'article';
}
