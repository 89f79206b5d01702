import 'server-only';
import { getPublishedArticles } from '@/lib/articles';

/**
 * The published articles' current French titles, by slug: the report names an article by it
 * (and by its last known title once unpublished). Empty when the sheet cannot be read.
 */
export async function publishedTitles(): Promise<Map<string, string>> {
  const { articles } = await getPublishedArticles();
  return new Map(articles.map((article) => [article.slug, article.title]));
}
