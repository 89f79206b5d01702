import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { localeParam } from '@/lib/i18n/params';
import { getTranslator } from '@/lib/i18n/translator';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/actualites'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return pageMetadata({
    locale,
    path: '/actualites',
    title: t('articles.list.title'),
    description: t('articles.list.description'),
  });
}

export default async function ArticleListPage({ params }: PageProps<'/[locale]/actualites'>) {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return (
    <>
      <PageHeading title={t('articles.list.title')} lead={t('articles.list.description')} />
      <p className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">{t('articles.list.empty')}</p>
    </>
  );
}
