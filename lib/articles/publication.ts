import { parisDay } from '@/lib/paris-clock';
import type { Article, RowIssue } from './types';

/**
 * Whether visitors see the article at `now` (ms): its statut publishes and its publier_le, if
 * any, has come. Decided when a page is asked for, not when the sheet was read, so an article
 * appears at its time on every instance with no new read of the sheet.
 */
export function isOnline(article: Article, now: number): boolean {
  return article.published && (article.publishAt === null || Date.parse(article.publishAt) <= now);
}

/** The articles online at `now`, in the order given. */
export function onlineArticles(articles: readonly Article[], now: number): Article[] {
  return articles.filter((article) => isOnline(article, now));
}

/** schema.org datePublished: publier_le when set, else the date column (ISO). */
export function datePublished(article: Article): string | null {
  return article.publishAt ?? article.date;
}

/**
 * schema.org dateModified and the sitemap's lastmod: the day the law is stated at, else the
 * publication date (nothing says the article changed since).
 */
export function dateModified(article: Article): string | null {
  return article.lawStatedAt ?? datePublished(article);
}

/**
 * What depends on the clock, for the row report at `now`: a published row still waiting for its
 * publier_le, an a_jour_au later than today in Paris.
 */
export function timedIssues(article: Article, now: number): RowIssue[] {
  const issues: RowIssue[] = [];
  if (article.published && article.publishAt && !isOnline(article, now))
    issues.push({ kind: 'scheduled', publishAt: article.publishAt });
  if (article.lawStatedAt && article.lawStatedAt > parisDay(now))
    issues.push({ kind: 'law-date-future', lawStatedAt: article.lawStatedAt });
  return issues;
}

/** When a published article not online yet goes online (its publier_le), else null. */
export function scheduledFor(article: Article, now = Date.now()): string | null {
  return article.published && !isOnline(article, now) ? article.publishAt : null;
}
