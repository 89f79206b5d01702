import type { Metadata } from 'next';
import { NotFoundView } from '@/components/not-found-view';
import { localeParam } from '@/lib/i18n/params';
import { getTranslator } from '@/lib/i18n/translator';

/** Served by proxy.ts, with status 404, for every address no page claims (SPEC 2.2). */
export async function generateMetadata({
  params,
}: PageProps<'/[locale]/introuvable'>): Promise<Metadata> {
  const t = getTranslator(await localeParam(params));
  return { title: t('common.notFound.metaTitle'), robots: { index: false, follow: true } };
}

export default async function NotFoundPage({ params }: PageProps<'/[locale]/introuvable'>) {
  return <NotFoundView locale={await localeParam(params)} />;
}
