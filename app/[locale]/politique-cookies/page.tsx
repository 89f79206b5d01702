import type { Metadata } from 'next';
import { AudienceObjection } from '@/components/audience/audience-objection';
import { CookieSettingsButton } from '@/components/consent/cookie-settings-button';
import { JsonLdScript } from '@/components/json-ld-script';
import { CookieTable } from '@/components/legal/cookie-table';
import { LegalDocument } from '@/components/legal/legal-document';
import { firm } from '@/lib/content/firm';
import { localeParam } from '@/lib/i18n/params';
import { getMessages, getTranslator } from '@/lib/i18n/translator';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
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
  return (
    <>
      <JsonLdScript
        data={breadcrumbJsonLd(locale, [
          { name: t('legal.breadcrumbHome'), path: '/' },
          { name: t('legal.cookies.title'), path: '/politique-cookies' },
        ])}
      />
      <LegalDocument
        locale={locale}
        updated={firm.policiesUpdated.cookies}
        title={t('legal.cookies.title')}
        sections={getMessages(locale).legal.cookies.sections}
        extras={{
          liste: <CookieTable locale={locale} />,
          'mesure-audience': <AudienceObjection locale={locale} />,
          choix: (
            <CookieSettingsButton
              label={t('legal.cookies.settings')}
              className="bg-ink hover:bg-accent-strong min-h-12 rounded px-6 py-3 font-semibold text-white"
            />
          ),
        }}
      />
    </>
  );
}
