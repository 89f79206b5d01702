import { localizedArticle, type Article } from '@/lib/articles';
import { articleHref, formatArticleDate } from '@/lib/articles/format';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';

/**
 * 'À lire aussi' at the end of an article: the closest articles (lib/articles/related.ts), each
 * with its title, date and summary in the page's language; nothing when none shares a tag.
 */
export function RelatedArticles({
  articles,
  locale,
}: {
  articles: readonly Article[];
  locale: Locale;
}) {
  if (articles.length === 0) return null;
  const t = getTranslator(locale);
  return (
    <section
      aria-labelledby="related-heading"
      className="border-line mt-12 border-t pt-8"
      data-testid="related-articles"
    >
      <h2 id="related-heading" className="text-2xl">
        {t('articles.article.related')}
      </h2>
      <ul className="mt-6 space-y-6">
        {articles.map((article) => {
          const { title, summary } = localizedArticle(article, locale);
          return (
            <li key={article.slug}>
              <h3 className="text-xl leading-snug">
                <a
                  href={articleHref(locale, article.slug)}
                  className="hover:text-accent-strong underline underline-offset-4"
                >
                  {title}
                </a>
              </h3>
              {article.date ? (
                <p className="text-muted mt-1 text-sm">
                  <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
                </p>
              ) : null}
              {summary ? <p className="text-muted mt-2">{summary}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
