/**
 * The only query parameters the list reads (docs/behaviour.md, "Articles"); nginx's page cache
 * keys on each, and scripts/nginx.test.ts holds its key to this list.
 */
export const listQueryParams = { tag: 'tag', author: 'auteur', page: 'page' } as const;

export interface ListQuery {
  tag: string | null;
  /** A partner's id; the two filters combine. */
  author: string | null;
  page: number;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function readListQuery(
  searchParams: Record<string, string | string[] | undefined>,
): ListQuery {
  const tag = first(searchParams[listQueryParams.tag])?.trim() || null;
  const author = first(searchParams[listQueryParams.author])?.trim() || null;
  const page = Number.parseInt(first(searchParams[listQueryParams.page]) ?? '1', 10);
  return { tag, author, page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** The list's address with these filters (the author first, as the profiles link it). */
export function listHref(
  pathname: string,
  { tag = null, author = null }: { tag?: string | null; author?: string | null },
  page = 1,
): string {
  const query = new URLSearchParams();
  if (author) query.set(listQueryParams.author, author);
  if (tag) query.set(listQueryParams.tag, tag);
  if (page > 1) query.set(listQueryParams.page, String(page));
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}
