import type { Metadata } from 'next';
import { Suspense } from 'react';
import { articlesInMemory, getPublishedArticles } from '@/lib/articles';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { requestedPath } from '@/lib/routing/requested-path';
import { pageMetadata } from '@/lib/seo/metadata';
import { readListQuery, type ListQuery } from '@/lib/articles/list-query';
import { SubscribeForm } from '@/components/letters/subscribe-form';
import { ArticleListView } from './article-list-view';

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * /actualites and /blog show the same list: both name /{lang}/blog as canonical, the
 * parent of every article's canonical address /{lang}/blog/{slug}, so search engines index one.
 */
export function articleListMetadata(locale: Locale): Metadata {
  const t = getTranslator(locale);
  return pageMetadata({
    locale,
    path: '/blog',
    title: t('articles.list.title'),
    description: t('articles.list.description'),
  });
}

/** /actualites and /blog, in their three forms: the same server-rendered list. */
export async function ArticleListPage({
  locale,
  path,
  searchParams,
}: {
  locale: Locale;
  path: '/actualites' | '/blog';
  searchParams: SearchParams;
}) {
  const t = getTranslator(locale);
  // Filter and page links keep the address form the visitor used (/blog, /fr/blog, /en/blog).
  const requested = await requestedPath();
  const pathname = /^(\/(fr|en))?\/(actualites|blog)$/.test(requested)
    ? requested
    : localizedPath(locale, path);
  const results = (
    <ArticleListResults locale={locale} pathname={pathname} query={readListQuery(searchParams)} />
  );
  return (
    <>
      <header className="mx-auto max-w-6xl px-4 pt-12 pb-8 sm:px-6">
        <h1 className="text-4xl sm:text-5xl">{t('articles.list.title')}</h1>
        <p className="text-muted mt-4 max-w-3xl text-lg">{t('articles.list.description')}</p>
      </header>
      {articlesInMemory() ? (
        results
      ) : (
        // The loading state ('Chargement des articles...'), only while the sheet has not been read yet (a cold start,
        // or the sheet down): the header and this text are streamed at once, the list follows in
        // the same answer. With the articles in memory the list is in the first HTML, for
        // crawlers and visitors without JavaScript too.
        <Suspense
          fallback={
            <p
              role="status"
              className="text-muted mx-auto max-w-6xl px-4 pb-16 sm:px-6"
              data-testid="articles-loading"
            >
              {t('articles.list.loading')}
            </p>
          }
        >
          {results}
        </Suspense>
      )}
      <SubscribeForm locale={locale} className="mx-auto max-w-6xl px-4 pb-16 sm:px-6" />
    </>
  );
}

async function ArticleListResults({
  locale,
  pathname,
  query,
}: {
  locale: Locale;
  pathname: string;
  query: ListQuery;
}) {
  return (
    <ArticleListView
      result={await getPublishedArticles()}
      locale={locale}
      pathname={pathname}
      query={query}
    />
  );
}
