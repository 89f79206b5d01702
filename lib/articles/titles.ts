import 'server-only';
import { getPublishedArticles } from './index';

/** For the audience figures; undefined while the sheet cannot be read. */
export async function publishedTitles(): Promise<Map<string, string> | undefined> {
  const { status, articles } = await getPublishedArticles();
  if (status === 'error') return undefined;
  return new Map(articles.map((article) => [article.slug, article.title]));
}
