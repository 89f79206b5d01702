import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { localeParam } from '@/lib/i18n/params';
import { getTranslator } from '@/lib/i18n/translator';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/mentions-legales'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return pageMetadata({
    locale,
    path: '/mentions-legales',
    title: t('legal.notice.title'),
    description: t('legal.notice.description'),
  });
}

export default async function NoticePage({ params }: PageProps<'/[locale]/mentions-legales'>) {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return <PageHeading title={t('legal.notice.title')} lead={t('legal.notice.description')} />;
}
