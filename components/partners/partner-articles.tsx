import { getPublishedArticles, localizedArticle } from '@/lib/articles';
import { articleHref, formatArticleDate } from '@/lib/articles/format';
import type { Partner } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { listHref } from '@/lib/articles/list-query';

/** How many of a partner's articles the profile lists; the rest are on the filtered list. */
export const PROFILE_ARTICLES = 5;

/**
 * The partner's latest published articles on the profile, newest first, and a link to all of
 * them (the article list filtered by author); nothing when there are none or the sheet never
 * loaded.
 */
export async function PartnerArticles({ partner, locale }: { partner: Partner; locale: Locale }) {
  const { articles } = await getPublishedArticles();
  const signed = articles.filter((article) => article.authors.includes(partner.id));
  if (signed.length === 0) return null;
  const t = getTranslator(locale);
  return (
    <section className="border-line border-t pt-8" data-testid="partner-articles">
      <h2 className="text-2xl">{t('partners.profile.articles')}</h2>
      <ul className="mt-4 space-y-4">
        {signed.slice(0, PROFILE_ARTICLES).map((article) => (
          <li key={article.slug}>
            <a
              href={articleHref(locale, article.slug)}
              className="decoration-line hover:decoration-ink text-lg underline underline-offset-4"
            >
              {localizedArticle(article, locale).title}
            </a>
            {article.date ? (
              <span className="text-muted block text-sm">
                <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <a
          href={listHref(localizedPath(locale, '/blog'), { author: partner.id })}
          className="text-accent-strong inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
        >
          {t('partners.profile.allArticles', { name: partner.name })}
        </a>
      </p>
    </section>
  );
}
