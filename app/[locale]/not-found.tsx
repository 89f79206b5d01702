import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { NotFoundView } from '@/components/not-found-view';
import { localeOfPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

/**
 * Fallback for a notFound() thrown while rendering. proxy.ts answers unknown addresses before
 * rendering (see lib/routing), so this only shows if a page and the route table disagree.
 */
async function requestLocale() {
  return localeOfPath((await headers()).get('x-pathname') ?? '/');
}

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator(await requestLocale());
  return { title: t('common.notFound.metaTitle'), robots: { index: false, follow: true } };
}

export default async function NotFound() {
  return <NotFoundView locale={await requestLocale()} />;
}
