import type { Metadata } from 'next';
import Image from 'next/image';
import { JsonLdScript } from '@/components/json-ld-script';
import { Icon } from '@/components/ui/icon';
import { articleToShow, getPublishedArticles, localizedArticle, tagLabel } from '@/lib/articles';
import type { Locale } from '@/lib/i18n/locales';
import { homeSectionHref, localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { blogPostingJsonLd } from '@/lib/articles/json-ld';
import { canonicalUrl, pageMetadata } from '@/lib/seo/metadata';
import { ArticleMarkdown } from './article-markdown';
import { ArticleStatusView } from './article-status-view';
import { formatArticleDate } from '@/lib/articles/format';
import { previewToken } from '@/lib/articles/preview';
import { scheduledFor } from '@/lib/articles/publication';
import { relatedArticles } from '@/lib/articles/related';
import { config } from '@/lib/config';
import { ArticleByline } from './article-byline';
import { PreviewBanner } from './preview-banner';
import { RelatedArticles } from './related-articles';
import { ShareLinks } from './share-links';
import { SubscribeForm } from '@/components/letters/subscribe-form';
import { articleImageSrc } from '@/lib/articles/images';

/** Every address form of an article points to /{lang}/blog/{slug} (issue 4). */
function articlePath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

export async function articleMetadata(
  locale: Locale,
  slug: string,
  preview = false,
): Promise<Metadata> {
  const t = getTranslator(locale);
  const article = await articleToShow(slug, preview);
  if (!article)
    return { title: t('articles.article.notFound'), robots: { index: false, follow: true } };
  const { title, summary } = localizedArticle(article, locale);
  const metadata = pageMetadata({
    locale,
    path: articlePath(slug),
    title,
    description: summary,
    // The site's own image route: a link preview shows the fallback, not a broken image.
    image: articleImageSrc(article),
    type: 'article',
  });
  // A preview names no canonical or alternate address (the public one may not exist yet) and is
  // never indexed; proxy.ts also sends X-Robots-Tag and no-store.
  return preview
    ? { ...metadata, alternates: undefined, robots: { index: false, follow: false } }
    : metadata;
}

const helperLink =
  'border-line hover:border-accent inline-flex min-h-11 items-center rounded border bg-white px-4 text-sm font-medium underline-offset-4 hover:underline';

/**
 * The article page, shared by /actualites/{slug} and /blog/{slug}. A preview shows the
 * article exactly as it will be published, under a banner.
 */
export async function ArticlePage({
  locale,
  slug,
  preview = false,
}: {
  locale: Locale;
  slug: string;
  preview?: boolean;
}) {
  const t = getTranslator(locale);
  const article = await articleToShow(slug, preview);
  if (!article) return <ArticleStatusView locale={locale} kind="notFound" />;
  const { articles: online } = await getPublishedArticles();
  const related = relatedArticles(article, online);
  const { title, content, contentLocale } = localizedArticle(article, locale);
  const url = canonicalUrl(locale, articlePath(article.slug));
  // A draft's remote image is fetched through the image route with the preview's own token.
  const previewSecret = preview ? config().REVALIDATE_SECRET : undefined;
  const helpers = [
    { href: `/${locale}/`, label: t('articles.article.home') },
    { href: homeSectionHref(locale, 'a-propos'), label: t('articles.article.about') },
    { href: homeSectionHref(locale, 'intro'), label: t('articles.article.expertise') },
    { href: homeSectionHref(locale, 'presse'), label: t('articles.article.press') },
    { href: homeSectionHref(locale, 'contact'), label: t('articles.article.contact') },
  ];
  return (
    <article className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6" data-testid="article">
      {preview ? (
        <PreviewBanner
          locale={locale}
          // An article published but not online yet says when it will be.
          scheduledFor={scheduledFor(article)}
        />
      ) : null}
      <JsonLdScript data={blogPostingJsonLd(article, locale)} />
      <p data-print-hide>
        <a
          href={localizedPath(locale, '/blog')}
          className="text-accent-strong inline-flex min-h-11 items-center gap-2 font-semibold underline-offset-4 hover:underline"
        >
          <Icon name="arrow-left" size={16} />
          {t('articles.article.back')}
        </a>
      </p>
      {article.date ? (
        <p className="text-muted mt-6 text-sm">
          <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
        </p>
      ) : null}
      <h1 className="mt-2 text-4xl leading-tight sm:text-5xl">{title}</h1>
      <ArticleByline authors={article.authors} locale={locale} />
      {article.lawStatedAt ? (
        <p className="text-muted mt-2 text-sm" data-testid="law-stated-at">
          {t('articles.article.lawStatedAt', {
            date: formatArticleDate(article.lawStatedAt, locale),
          })}
        </p>
      ) : null}
      {article.imageUrl ? (
        <div className="relative mt-8 h-[500px] w-full overflow-hidden rounded" data-print-image>
          <Image
            src={articleImageSrc(
              article,
              previewSecret ? previewToken(slug, previewSecret) : undefined,
            )}
            alt=""
            fill
            preload
            fetchPriority="high"
            sizes="(min-width: 768px) 720px, 100vw"
            className="img-tone-light object-cover"
          />
        </div>
      ) : null}
      <ArticleMarkdown markdown={content} locale={contentLocale} />
      {article.tags.length > 0 ? (
        <section aria-labelledby="tags-heading" className="mt-12">
          <h2 id="tags-heading" className="text-2xl">
            {t('articles.article.tags')}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2" data-print-plain>
            {article.tags.map((tag) => (
              <li key={tag}>
                <a
                  href={`${localizedPath(locale, '/blog')}?tag=${encodeURIComponent(tag)}`}
                  className="border-line bg-paper inline-flex min-h-11 items-center rounded border px-3 text-sm underline-offset-4 hover:underline"
                >
                  {tagLabel(tag)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <RelatedArticles articles={related} locale={locale} />
      <ShareLinks url={url} title={title} locale={locale} />
      <SubscribeForm locale={locale} className="border-line mt-12 border-t pt-8" />
      <nav aria-labelledby="continue-heading" className="border-line mt-12 border-t pt-8">
        <h2 id="continue-heading" className="text-2xl">
          {t('articles.article.continue')}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          {helpers.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={helperLink}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
