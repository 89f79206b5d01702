import 'server-only';
import { cache } from 'react';
import { config } from '@/lib/config';
import { processShared } from '@/lib/process-shared';
import { KEPT_COPY_MAX_AGE_MS } from '@/lib/security/page-cache';
import type { Locale } from '@/lib/i18n/locales';
import type { SheetReading } from './normalise';
import { PREVIEW_FRESHNESS_MS } from './preview';
import { onlineArticles } from './publication';
import { loadSheet, SHEET_TIMEOUT_MS, sheetSource } from './source';
import { ARTICLE_CACHE_MAX_AGE_MS, ArticleStore, fileGeneration } from './store';
import { typography } from '@/lib/i18n/typography';
import type { Article } from './types';

export type { Article } from './types';

/**
 * The publish generation every instance of one deployment shares (in data/, which the unit may
 * write): /api/revalidate bumps it, and each instance reloads the sheet before its next reader.
 */
export const publishGeneration = () => fileGeneration(config().ARTICLES_GENERATION_FILE);

/** The articles in memory, one copy per process: proxy.ts and the pages read the same. */
export function articleStore(): ArticleStore<SheetReading> {
  return processShared('articles', () => {
    const store = new ArticleStore<SheetReading>({
      load: () => loadSheet(sheetSource(config())),
      loadTimeoutMs: SHEET_TIMEOUT_MS,
      // A page nginx keeps reaches visitors up to this much after its render: the 5 minutes
      // count from the sheet to the visitor, so the copy here is refreshed that much earlier.
      maxAgeMs: ARTICLE_CACHE_MAX_AGE_MS - KEPT_COPY_MAX_AGE_MS,
      generation: publishGeneration().read,
    });
    store.startTimer();
    return store;
  });
}

export type PublishedArticles =
  { status: 'ok'; articles: Article[] } | { status: 'error'; articles: [] };

/** Whether a good copy of the articles is in memory: reading them then waits for nothing. */
export function articlesInMemory(): boolean {
  return articleStore().snapshot().status === 'ok';
}

/**
 * The articles visitors see now, in display order: published, and past their publier_le if they
 * have one (decided at each request, publication.ts). One read and one moment per render, shared
 * by a page's metadata and components (React's `cache`); outside a render, one per call.
 */
export const getPublishedArticles = cache(async (): Promise<PublishedArticles> => {
  const snapshot = await articleStore().get();
  if (snapshot.status === 'error') return { status: 'error', articles: [] };
  return { status: 'ok', articles: onlineArticles(snapshot.data.published, Date.now()) };
});

export async function getPublishedArticle(slug: string): Promise<Article | undefined> {
  const { articles } = await getPublishedArticles();
  return articles.find((article) => article.slug === slug);
}

/**
 * Any article of the sheet, published or not, for a preview whose token proxy.ts has checked.
 * Reads the sheet again when the copy is more than a few seconds old: the editor has just changed
 * it. Once per render, as above.
 */
export const getArticleForPreview = cache(async (slug: string): Promise<Article | undefined> => {
  const store = articleStore();
  await store.refreshIfOlderThan(PREVIEW_FRESHNESS_MS);
  return store.snapshot().data?.articles.find((article) => article.slug === slug);
});

/** The article an address shows: a published one, or for a valid preview any article of the sheet. */
export function articleToShow(slug: string, preview: boolean): Promise<Article | undefined> {
  return preview ? getArticleForPreview(slug) : getPublishedArticle(slug);
}

/**
 * The texts of an article in a language, title and summary set in its typography (the markdown
 * body is set when rendered); English falls back to French, and French text shown for want of an
 * English one keeps French rules.
 */
export function localizedArticle(article: Article, locale: Locale) {
  const english = locale === 'en';
  const textLocale = (text: string, french: string): Locale =>
    english && text !== french ? 'en' : 'fr';
  const title = english ? article.title_en : article.title;
  const summary = english ? article.summary_en : article.resume;
  const content = english ? article.content_en : article.content;
  return {
    title: typography(title, textLocale(title, article.title)),
    summary: typography(summary, textLocale(summary, article.resume)),
    content,
    contentLocale: textLocale(content, article.content),
  };
}

/**
 * A tag as shown: the sheet has tags in French only, so French typography whatever the page's
 * language. The tag as typed stays the filter's value in addresses.
 */
export const tagLabel = (tag: string): string => typography(tag, 'fr');

/** Every tag of the published articles, once, in alphabetical order. */
export function allTags(articles: readonly Article[]): string[] {
  return [...new Set(articles.flatMap((article) => article.tags))].sort((a, b) =>
    a.localeCompare(b, 'fr'),
  );
}
