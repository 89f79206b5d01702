import 'server-only';
import { config } from '@/lib/config';
import type { Locale } from '@/lib/i18n/locales';
import { loadArticles, SHEET_TIMEOUT_MS, sheetSource } from './source';
import { ArticleStore } from './store';
import type { Article } from './types';

export type { Article } from './types';

const storeKey = Symbol.for('sorel-aubry.articles');

type WithStore = typeof globalThis & { [storeKey]?: ArticleStore<Article> };

/**
 * One store per server process. proxy.ts and the pages are bundled separately but run in the
 * same Node process, so the store lives on globalThis: both see the same articles.
 */
export function articleStore(): ArticleStore<Article> {
  const holder = globalThis as WithStore;
  if (!holder[storeKey]) {
    const store = new ArticleStore<Article>({
      load: () => loadArticles(sheetSource(config())),
      loadTimeoutMs: SHEET_TIMEOUT_MS,
    });
    store.startTimer();
    holder[storeKey] = store;
  }
  return holder[storeKey];
}

/**
 * Called by instrumentation.ts when the server starts: the sheet is read before the first visitor
 * asks for it. Not awaited; a failure is only logged (the first visitor then tries again).
 */
export function preloadArticles(): void {
  try {
    void articleStore().refresh();
  } catch (error) {
    console.error('[articles] could not start loading the articles at start-up', error);
  }
}

export type PublishedArticles =
  { status: 'ok'; articles: Article[] } | { status: 'error'; articles: [] };

/** Whether a good copy of the articles is in memory: reading them then waits for nothing. */
export function articlesInMemory(): boolean {
  return articleStore().snapshot().status === 'ok';
}

export async function getPublishedArticles(): Promise<PublishedArticles> {
  const snapshot = await articleStore().get();
  if (snapshot.status === 'error') return { status: 'error', articles: [] };
  return { status: 'ok', articles: snapshot.articles.filter((article) => article.published) };
}

export async function getPublishedArticle(slug: string): Promise<Article | undefined> {
  const { articles } = await getPublishedArticles();
  return articles.find((article) => article.slug === slug);
}

/** The texts of an article in a language; English falls back to French (SPEC 3.2). */
export function localizedArticle(article: Article, locale: Locale) {
  return locale === 'en'
    ? { title: article.title_en, summary: article.summary_en, content: article.content_en }
    : { title: article.title, summary: article.resume, content: article.content };
}

/** Every tag of the published articles, once, in alphabetical order. */
export function allTags(articles: readonly Article[]): string[] {
  return [...new Set(articles.flatMap((article) => article.tags))].sort((a, b) =>
    a.localeCompare(b, 'fr'),
  );
}
