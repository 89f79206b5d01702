import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { ArticleStatusView } from '@/components/articles/article-status-view';
import { NotFoundView } from '@/components/not-found-view';
import { localeParam } from '@/lib/i18n/params';
import { getTranslator } from '@/lib/i18n/translator';
import { matchRoute } from '@/lib/routing/route-table';

/**
 * Served by proxy.ts, with status 404, for every address no page claims (SPEC 2.2). An article
 * address whose slug is unknown or unpublished gets the article view's 'Article not found' (SPEC 8).
 */
async function askedForAnArticle(): Promise<boolean> {
  const asked = (await headers()).get('x-pathname') ?? '';
  return matchRoute(asked).kind === 'article';
}

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/introuvable'>): Promise<Metadata> {
  const t = getTranslator(await localeParam(params));
  const title = (await askedForAnArticle())
    ? t('articles.article.notFound')
    : t('common.notFound.metaTitle');
  return { title, robots: { index: false, follow: true } };
}

export default async function NotFoundPage({ params }: PageProps<'/[locale]/introuvable'>) {
  const locale = await localeParam(params);
  return (await askedForAnArticle()) ? (
    <ArticleStatusView locale={locale} kind="notFound" />
  ) : (
    <NotFoundView locale={locale} />
  );
}
