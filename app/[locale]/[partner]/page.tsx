import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeading } from '@/components/page-heading';
import { findPartner } from '@/lib/content/firm';
import { localeParam } from '@/lib/i18n/params';
import { getTranslator } from '@/lib/i18n/translator';
import { pageMetadata } from '@/lib/seo/metadata';

async function partnerParam(params: Promise<{ locale: string; partner: string }>) {
  const locale = await localeParam(params);
  const partner = findPartner((await params).partner);
  if (!partner) notFound();
  return { locale, partner };
}

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/[partner]'>): Promise<Metadata> {
  const { locale, partner } = await partnerParam(params);
  const t = getTranslator(locale);
  return pageMetadata({
    locale,
    path: partner.profilePath,
    title: `${partner.name}, ${partner.role[locale]}`,
    description: t(`partners.${partner.id}.description`),
    type: 'profile',
  });
}

export default async function PartnerPage({ params }: PageProps<'/[locale]/[partner]'>) {
  const { locale, partner } = await partnerParam(params);
  return <PageHeading title={partner.name} lead={partner.role[locale]} />;
}
