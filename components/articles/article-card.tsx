import Image from 'next/image';
import { localizedArticle, tagLabel, type Article } from '@/lib/articles';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { articleHref, formatArticleDate } from '@/lib/articles/format';
import { articleImageSrc } from '@/lib/articles/images';

/** `first`: the first card of a page, whose image is on the first screen (its LCP on a phone). */
export function ArticleCard({
  article,
  locale,
  first = false,
}: {
  article: Article;
  locale: Locale;
  first?: boolean;
}) {
  const t = getTranslator(locale);
  const { title, summary } = localizedArticle(article, locale);
  const href = articleHref(locale, article.slug);
  return (
    <article className="border-line flex flex-col overflow-hidden rounded border bg-white">
      <a href={href} tabIndex={-1} aria-hidden="true">
        <Image
          src={articleImageSrc(article)}
          alt=""
          width={1200}
          height={675}
          sizes="(min-width: 1024px) 380px, (min-width: 768px) 50vw, 100vw"
          preload={first}
          fetchPriority={first ? 'high' : undefined}
          className="img-tone-medium aspect-video w-full object-cover"
        />
      </a>
      <div className="flex flex-1 flex-col p-6">
        {article.date ? (
          <p className="text-muted text-sm">
            <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
          </p>
        ) : null}
        <h2 className="mt-2 text-xl leading-snug">
          <a href={href} className="hover:text-accent-strong underline-offset-4 hover:underline">
            {title}
          </a>
        </h2>
        {summary ? <p className="text-muted mt-3 flex-1 text-base">{summary}</p> : null}
        {article.tags.length > 0 ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('articles.article.tags')}>
            {article.tags.map((tag) => (
              <li key={tag} className="bg-paper border-line rounded border px-2 py-0.5 text-sm">
                {tagLabel(tag)}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-5">
          <a
            href={href}
            className="text-accent-strong inline-flex min-h-11 items-center font-semibold underline-offset-4 hover:underline"
            aria-label={t('articles.list.readMoreLabel', { title })}
          >
            {t('articles.list.readMore')}
          </a>
        </p>
      </div>
    </article>
  );
}
