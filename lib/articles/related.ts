import { compareArticles } from './normalise';
import type { Article } from './types';

/** How many related articles an article page shows at most. */
export const RELATED_ARTICLES = 3;

/**
 * The articles closest to `article` among `online`: those sharing the most tags with it, newest
 * first among equals (the list's order); none that shares no tag.
 */
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
