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

/** Shared by every instance (in data/): /api/revalidate bumps it. */
export const publishGeneration = () => fileGeneration(config().ARTICLES_GENERATION_FILE);

/** The articles in memory, one copy per process: proxy.ts and the pages read the same. */
export function articleStore(): ArticleStore<SheetReading> {
  return processShared('articles', () => {
    const store = new ArticleStore<SheetReading>({
      load: () => loadSheet(sheetSource(config())),
      loadTimeoutMs: SHEET_TIMEOUT_MS,
      // nginx keeps a page up to KEPT_COPY_MAX_AGE_MS: the 5 minutes count to the visitor.
      maxAgeMs: ARTICLE_CACHE_MAX_AGE_MS - KEPT_COPY_MAX_AGE_MS,
      generation: publishGeneration().read,
    });
    store.startTimer();
    return store;
  });
}

export type PublishedArticles =
  { status: 'ok'; articles: Article[] } | { status: 'error'; articles: [] };

export function articlesInMemory(): boolean {
  return articleStore().snapshot().status === 'ok';
}

/**
 * Published and past their publier_le (decided per request); one read and one moment per render
 * (docs/testing.md, "Reads per render").
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

/** For a preview proxy.ts has checked: any row, reread when the copy is a few seconds old. */
export const getArticleForPreview = cache(async (slug: string): Promise<Article | undefined> => {
  const store = articleStore();
  await store.refreshIfOlderThan(PREVIEW_FRESHNESS_MS);
  return store.snapshot().data?.articles.find((article) => article.slug === slug);
});

export function articleToShow(slug: string, preview: boolean): Promise<Article | undefined> {
  return preview ? getArticleForPreview(slug) : getPublishedArticle(slug);
}

/** French text shown for want of an English one keeps French typography. */
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

/** The sheet's tags are French; the tag as typed stays the filter's value in addresses. */
export const tagLabel = (tag: string): string => typography(tag, 'fr');

export function allTags(articles: readonly Article[]): string[] {
  return [...new Set(articles.flatMap((article) => article.tags))].sort((a, b) =>
    a.localeCompare(b, 'fr'),
  );
}
