import { headers } from 'next/headers';
import { ArticleStatusView } from '@/components/articles/article-status-view';
import { NotFoundView } from '@/components/not-found-view';
import { localeParam } from '@/lib/i18n/params';
import { matchRoute } from '@/lib/routing/route-table';

/**
 * Served by proxy.ts, with status 404, for every address no page claims (SPEC 2.2). An article
 * address whose slug is unknown or unpublished gets the article view's 'Article not found' (SPEC 8).
 * Its head comes from ../not-found.tsx, as for every 404 answer.
 */
async function askedForAnArticle(): Promise<boolean> {
  const asked = (await headers()).get('x-pathname') ?? '';
  return matchRoute(asked).kind === 'article';
}

export default async function NotFoundPage({ params }: PageProps<'/[locale]/introuvable'>) {
  const locale = await localeParam(params);
  return (await askedForAnArticle()) ? (
    <ArticleStatusView locale={locale} kind="notFound" />
  ) : (
    <NotFoundView locale={locale} />
  );
}
