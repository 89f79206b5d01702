import type { Metadata } from 'next';
import { JsonLdScript } from '@/components/json-ld-script';
import { LegalDocument } from '@/components/legal/legal-document';
import { firm } from '@/lib/content/firm';
import { localeParam } from '@/lib/i18n/params';
import { getMessages, getTranslator } from '@/lib/i18n/translator';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
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
  const privacy = getMessages(locale).legal.privacy;
  return (
    <>
      <JsonLdScript
        data={breadcrumbJsonLd(locale, [
          { name: t('legal.breadcrumbHome'), path: '/' },
          { name: privacy.title, path: '/politique-confidentialite' },
        ])}
      />
      <LegalDocument
        locale={locale}
        updated={firm.policiesUpdated.privacy}
        title={privacy.title}
        intro={privacy.intro}
        sections={privacy.sections}
        showToc
      />
    </>
  );
}
