import { allTags, tagLabel, type PublishedArticles } from '@/lib/articles';
import { findPartner } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { listHref, type ListQuery } from '@/lib/articles/list-query';
import { ArticleCard } from './article-card';

/** The list stays light with hundreds of articles: 12 a page, as links. */
export const ARTICLES_PER_PAGE = 12;

// min-h-11 holds two lines of text-sm, so a long tag that wraps in its cell keeps the row's height.
const chip =
  'inline-flex min-h-11 w-full items-center rounded border px-4 text-sm font-medium underline-offset-4 sm:w-auto';

export function ArticleListView({
  result,
  locale,
  pathname,
  query,
}: {
  result: PublishedArticles;
  locale: Locale;
  pathname: string;
  query: ListQuery;
}) {
  const t = getTranslator(locale);
  if (result.status === 'error') {
    return (
      <div
        className="mx-auto max-w-6xl px-4 pb-16 sm:px-6"
        role="alert"
        data-testid="articles-error"
      >
        <p className="text-lg font-semibold">{t('articles.list.error')}</p>
        <p className="text-muted mt-2">{t('articles.list.errorHint')}</p>
      </div>
    );
  }
  if (result.articles.length === 0) {
    return (
      <p className="mx-auto max-w-6xl px-4 pb-16 sm:px-6" data-testid="articles-empty">
        {t('articles.list.empty')}
      </p>
    );
  }

  // An author unknown to the firm lists nothing, as an unknown tag does.
  const author = query.author ? (findPartner(query.author) ?? null) : null;
  const byAuthor = query.author
    ? result.articles.filter((article) => author && article.authors.includes(author.id))
    : result.articles;
  // The tags of the author's articles only: every tag link leads to at least one article.
  const tags = allTags(byAuthor);
  const filtered = query.tag
    ? byAuthor.filter((article) => article.tags.includes(query.tag ?? ''))
    : byAuthor;
  const filters = { tag: query.tag, author: query.author };
  const pages = Math.max(1, Math.ceil(filtered.length / ARTICLES_PER_PAGE));
  const page = Math.min(query.page, pages);
  const shown = filtered.slice((page - 1) * ARTICLES_PER_PAGE, page * ARTICLES_PER_PAGE);
  const filterLinks = [
    { label: t('articles.list.all'), tag: null },
    ...tags.map((tag) => ({ label: tagLabel(tag), tag })),
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      {query.author ? (
        <p className="mb-6 flex flex-wrap items-center gap-x-4 text-lg" data-testid="author-filter">
          {author ? (
            <span className="font-semibold">
              {t('articles.list.authorFilter', { name: author.name })}
            </span>
          ) : null}
          <a
            href={listHref(pathname, { tag: query.tag })}
            className="text-accent-strong inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            {t('articles.list.allAuthors')}
          </a>
        </p>
      ) : null}
      <nav aria-label={t('articles.list.filterLabel')}>
        {/* On a phone the tags sit in a two-column grid: each keeps its place when the web font
            replaces the fallback, where a wrapped row would move every tag after the first one
            whose width crosses the line's end. */}
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {filterLinks.map((link) => {
            const current = link.tag === query.tag;
            return (
              <li key={link.tag ?? ''}>
                <a
                  href={listHref(pathname, { ...filters, tag: link.tag })}
                  aria-current={current ? 'page' : undefined}
                  className={
                    current
                      ? `${chip} bg-ink border-ink text-white`
                      : `${chip} border-line hover:border-accent bg-white hover:underline`
                  }
                >
                  {link.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      {shown.length === 0 ? (
        <p className="mt-10" data-testid="articles-empty">
          {t(
            query.author && byAuthor.length === 0
              ? 'articles.list.emptyAuthor'
              : 'articles.list.emptyTag',
          )}
        </p>
      ) : (
        <ul className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
          {shown.map((article, index) => (
            <li key={article.slug} className="flex">
              <ArticleCard article={article} locale={locale} first={index === 0} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav
          aria-label={t('articles.list.paginationLabel')}
          className="mt-12 flex items-center justify-between gap-4"
        >
          {page > 1 ? (
            <a
              href={listHref(pathname, filters, page - 1)}
              rel="prev"
              className={`${chip} border-line bg-white hover:underline`}
            >
              {t('articles.list.previous')}
            </a>
          ) : (
            <span />
          )}
          <p className="text-muted text-sm">{t('articles.list.pageOf', { page, pages })}</p>
          {page < pages ? (
            <a
              href={listHref(pathname, filters, page + 1)}
              rel="next"
              className={`${chip} border-line bg-white hover:underline`}
            >
              {t('articles.list.next')}
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
