import 'server-only';
import { getArticleForPreview, getPublishedArticles } from './index';
import { isOnline } from './publication';

/**
 * What an article address shows, asked by proxy.ts before rendering so that the answer carries
 * the right status: the article, 'Article not found' (unknown or draft slug, 404), or 'Error
 * loading article' while the sheet has never loaded (503). Reads the same store as the pages.
 */
export type ArticleAvailability = 'published' | 'not-found' | 'unavailable';

export async function articleAvailability(slug: string): Promise<ArticleAvailability> {
  const { status, articles } = await getPublishedArticles();
  if (status === 'error') return 'unavailable';
  return articles.some((article) => article.slug === slug) ? 'published' : 'not-found';
}

/**
 * The same question for an address whose preview token is valid: an article not online yet (a
 * draft, or one waiting for its publier_le) is shown too ('draft'), and the sheet is read again
 * first when the copy is a few seconds old.
 */
export async function previewAvailability(slug: string): Promise<ArticleAvailability | 'draft'> {
  const article = await getArticleForPreview(slug);
  if (article) return isOnline(article, Date.now()) ? 'published' : 'draft';
  return articleAvailability(slug);
}
