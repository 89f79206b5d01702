import { ArticleStatusView } from '@/components/articles/article-status-view';
import { NotFoundView } from '@/components/not-found-view';
import { localeParam } from '@/lib/i18n/params';
import { requestedAnArticle } from '@/lib/routing/requested-path';

/**
 * Served by proxy.ts, with status 404, for every address no page claims. An article address
 * whose slug is unknown or unpublished gets the article view's 'Article not found'
 * (docs/behaviour.md, Errors).
 * Its head comes from ../not-found.tsx, as for every 404 answer.
 */
export default async function NotFoundPage({ params }: PageProps<'/[locale]/introuvable'>) {
  const locale = await localeParam(params);
  return (await requestedAnArticle()) ? (
    <ArticleStatusView locale={locale} kind="notFound" />
  ) : (
    <NotFoundView locale={locale} />
  );
}
