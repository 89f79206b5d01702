import 'server-only';
import { getPublishedArticles } from './index';

/**
 * The published articles' current French titles, by slug, for the audience figures (the server
 * entry hands this to them); undefined while the sheet cannot be read.
 */
export async function publishedTitles(): Promise<Map<string, string> | undefined> {
  const { status, articles } = await getPublishedArticles();
  if (status === 'error') return undefined;
  return new Map(articles.map((article) => [article.slug, article.title]));
}
