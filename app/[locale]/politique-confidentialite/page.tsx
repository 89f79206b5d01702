import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { localeParam } from '@/lib/i18n/params';
import { getTranslator } from '@/lib/i18n/translator';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/politique-confidentialite'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return pageMetadata({
    locale,
    path: '/politique-confidentialite',
    title: t('legal.privacy.title'),
    description: t('legal.privacy.description'),
  });
}

export default async function PrivacyPage({
  params,
}: PageProps<'/[locale]/politique-confidentialite'>) {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return <PageHeading title={t('legal.privacy.title')} lead={t('legal.privacy.description')} />;
}
