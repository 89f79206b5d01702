import type { Metadata } from 'next';
import { NotFoundView } from '@/components/not-found-view';
import { localeOfPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { requestedAnArticle, requestedPath } from '@/lib/routing/requested-path';

/**
 * The head of every 404 answer: Next.js takes a 404's metadata from this file, whichever page
 * proxy.ts rewrote the address to (the not-found page, with the article view for an article
 * address), and adds the noindex rule itself. Its body is the fallback for a notFound() thrown
 * while rendering, which only shows if a page and the route table disagree.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator(localeOfPath(await requestedPath()));
  return {
    title: (await requestedAnArticle())
      ? t('articles.article.notFound')
      : t('common.notFound.metaTitle'),
  };
}

export default async function NotFound() {
  return <NotFoundView locale={localeOfPath(await requestedPath())} />;
}
