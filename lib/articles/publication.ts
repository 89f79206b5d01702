import { parisDay } from '@/lib/paris-clock';
import type { Article, RowIssue } from './types';

/** Decided per request, not per read of the sheet: an article appears at its time on every instance. */
export function isOnline(article: Article, now: number): boolean {
  return article.published && (article.publishAt === null || Date.parse(article.publishAt) <= now);
}

export function onlineArticles(articles: readonly Article[], now: number): Article[] {
  return articles.filter((article) => isOnline(article, now));
}

export function datePublished(article: Article): string | null {
  return article.publishAt ?? article.date;
}

/** Also the sitemap's lastmod: nothing else says when an article changed. */
export function dateModified(article: Article): string | null {
  return article.lawStatedAt ?? datePublished(article);
}

export function timedIssues(article: Article, now: number): RowIssue[] {
  const issues: RowIssue[] = [];
  if (article.published && article.publishAt && !isOnline(article, now))
    issues.push({ kind: 'scheduled', publishAt: article.publishAt });
  if (article.lawStatedAt && article.lawStatedAt > parisDay(now))
    issues.push({ kind: 'law-date-future', lawStatedAt: article.lawStatedAt });
  return issues;
}

export function scheduledFor(article: Article, now = Date.now()): string | null {
  return article.published && !isOnline(article, now) ? article.publishAt : null;
}
