import type { Metadata } from 'next';
import { ArticleStatusView } from '@/components/articles/article-status-view';
import { localeParam } from '@/lib/i18n/params';
import { getTranslator } from '@/lib/i18n/translator';

/**
 * Served by proxy.ts, with status 503, for an article address while the sheet has never loaded
 * ('Error loading article', docs/behaviour.md, Errors).
 */
export async function generateMetadata({
  params,
}: PageProps<'/[locale]/article-indisponible'>): Promise<Metadata> {
  const t = getTranslator(await localeParam(params));
  return { title: t('articles.article.error'), robots: { index: false, follow: true } };
}

export default async function ArticleErrorPage({
  params,
}: PageProps<'/[locale]/article-indisponible'>) {
  return <ArticleStatusView locale={await localeParam(params)} kind="error" />;
}
