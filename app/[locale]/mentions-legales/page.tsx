import type { Metadata } from 'next';
import { JsonLdScript } from '@/components/json-ld-script';
import { LegalDocument } from '@/components/legal/legal-document';
import { MediatorBlock } from '@/components/legal/mediator-block';
import { localeParam } from '@/lib/i18n/params';
import { localizedPath } from '@/lib/i18n/paths';
import { getMessages, getTranslator } from '@/lib/i18n/translator';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
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
  const link = 'decoration-accent underline underline-offset-4';
  return (
    <>
      <JsonLdScript
        data={breadcrumbJsonLd(locale, [
          { name: t('legal.breadcrumbHome'), path: '/' },
          { name: t('legal.notice.title'), path: '/mentions-legales' },
        ])}
      />
      <LegalDocument
        locale={locale}
        title={t('legal.notice.title')}
        sections={getMessages(locale).legal.notice.sections}
        extras={{
          mediation: <MediatorBlock websiteLabel={t('legal.notice.mediatorWebsite')} />,
          'donnees-personnelles': (
            <ul className="list-disc space-y-2 pl-6">
              <li>
                <a href={localizedPath(locale, '/politique-confidentialite')} className={link}>
                  {t('legal.notice.privacyLink')}
                </a>
              </li>
              <li>
                <a href={localizedPath(locale, '/politique-cookies')} className={link}>
                  {t('legal.notice.cookiesLink')}
                </a>
              </li>
            </ul>
          ),
        }}
      />
    </>
  );
}
