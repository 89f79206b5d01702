import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { localeParam } from '@/lib/i18n/params';
import { getTranslator } from '@/lib/i18n/translator';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/politique-cookies'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return pageMetadata({
    locale,
    path: '/politique-cookies',
    title: t('legal.cookies.title'),
    description: t('legal.cookies.description'),
  });
}

export default async function CookiesPage({ params }: PageProps<'/[locale]/politique-cookies'>) {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return <PageHeading title={t('legal.cookies.title')} lead={t('legal.cookies.description')} />;
}
