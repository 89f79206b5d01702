import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { JsonLdScript } from '@/components/json-ld-script';
import { PartnerArticles } from '@/components/partners/partner-articles';
import { PartnerProfile } from '@/components/partners/partner-profile';
import { articlesInMemory } from '@/lib/articles';
import { findPartner } from '@/lib/content/firm';
import { localeParam } from '@/lib/i18n/params';
import { getTranslator } from '@/lib/i18n/translator';
import { breadcrumbJsonLd, personJsonLd } from '@/lib/seo/json-ld';
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
  const t = getTranslator(locale);
  return (
    <>
      <JsonLdScript
        data={[
          personJsonLd(partner, locale),
          breadcrumbJsonLd(locale, [
            { name: t('partners.profile.breadcrumbHome'), path: '/' },
            { name: t('partners.profile.breadcrumbTeam'), path: '/#a-propos' },
            { name: partner.name, path: partner.profilePath },
          ]),
        ]}
      />
      <PartnerProfile
        partner={partner}
        locale={locale}
        articles={
          // In the first HTML when the articles are in memory; on a cold start the profile is
          // sent at once and its articles follow in the same answer.
          articlesInMemory() ? (
            <PartnerArticles partner={partner} locale={locale} />
          ) : (
            <Suspense fallback={null}>
              <PartnerArticles partner={partner} locale={locale} />
            </Suspense>
          )
        }
      />
    </>
  );
}
