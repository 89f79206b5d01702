import 'server-only';
import { getArticleForPreview, getPublishedArticles } from './index';
import { isOnline } from './publication';

/** Asked by proxy.ts before rendering, so that the answer carries its status (404, 503). */
export type ArticleAvailability = 'published' | 'not-found' | 'unavailable';

export async function articleAvailability(slug: string): Promise<ArticleAvailability> {
  const { status, articles } = await getPublishedArticles();
  if (status === 'error') return 'unavailable';
  return articles.some((article) => article.slug === slug) ? 'published' : 'not-found';
}

/** With a valid preview token, an article not online yet is shown too. */
export async function previewAvailability(slug: string): Promise<ArticleAvailability | 'draft'> {
  const article = await getArticleForPreview(slug);
  if (article) return isOnline(article, Date.now()) ? 'published' : 'draft';
  return articleAvailability(slug);
}
