import { compareArticles } from './normalise';
import type { Article } from './types';

export const RELATED_ARTICLES = 3;

/** Most shared tags first, then newest; none that shares no tag. */
export function relatedArticles(
  article: Article,
  online: readonly Article[],
  limit = RELATED_ARTICLES,
): Article[] {
  const tags = new Set(article.tags);
  return online
    .filter((other) => other.slug !== article.slug)
    .map((other) => ({ other, shared: new Set(other.tags.filter((tag) => tags.has(tag))).size }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || compareArticles(a.other, b.other))
    .slice(0, limit)
    .map(({ other }) => other);
}
