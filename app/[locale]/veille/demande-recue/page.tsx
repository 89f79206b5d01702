import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { localeParam } from '@/lib/i18n/params';
import { localizedPath } from '@/lib/i18n/paths';
import { getMessages, getTranslator } from '@/lib/i18n/translator';
import { pageMetadata } from '@/lib/seo/metadata';

/** Where the subscription form without JavaScript lands (303): what happens next. Not indexed. */
export async function generateMetadata({
  params,
}: PageProps<'/[locale]/veille/demande-recue'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return {
    ...pageMetadata({
      locale,
      path: '/veille/demande-recue',
      title: t('letters.next.title'),
      description: t('letters.next.description'),
    }),
    robots: { index: false, follow: true },
  };
}

export default async function SubscriptionRequestedPage({
  params,
}: PageProps<'/[locale]/veille/demande-recue'>) {
  const locale = await localeParam(params);
  const m = getMessages(locale).letters.next;
  return (
    <>
      <PageHeading title={m.title} lead={m.description} />
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <ol className="list-decimal space-y-3 pl-6 text-lg">
          {m.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="mt-8">
          <a
            href={localizedPath(locale, '/blog')}
            className="decoration-accent font-semibold underline underline-offset-4"
          >
            {m.back}
          </a>
        </p>
      </div>
    </>
  );
}
