import 'server-only';
import { partners } from '@/lib/content/firm';
import { localeTags, type Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { absoluteUrl, canonicalUrl } from '@/lib/seo/metadata';
import { breadcrumbJsonLd, firmReference, personReference, type JsonLd } from '@/lib/seo/json-ld';
import { localizedArticle, tagLabel } from './index';
import { articleImageSrc } from './images';
import { dateModified, datePublished } from './publication';
import type { Article } from './types';

export function blogPostingJsonLd(article: Article, locale: Locale): JsonLd {
  const { title, summary } = localizedArticle(article, locale);
  const url = canonicalUrl(locale, `/blog/${encodeURIComponent(article.slug)}`);
  const authors = article.authors.flatMap((id) => {
    const partner = partners.find((candidate) => candidate.id === id);
    return partner ? [personReference(partner, locale)] : [];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: title,
    description: summary || undefined,
    inLanguage: localeTags[locale],
    url,
    mainEntityOfPage: url,
    image: absoluteUrl(articleImageSrc(article)),
    datePublished: datePublished(article) ?? undefined,
    dateModified: dateModified(article) ?? undefined,
    keywords: article.tags.length ? article.tags.map(tagLabel).join(', ') : undefined,
    author: authors.length > 1 ? authors : (authors[0] ?? firmReference()),
    publisher: firmReference(),
  };
}

export function articlesBreadcrumbJsonLd(
  locale: Locale,
  article?: { title: string; slug: string },
): JsonLd {
  // The canonical addresses: the list at /blog (for /actualites too), each article under it.
  const listPath = '/blog';
  const t = getTranslator(locale);
  return breadcrumbJsonLd(locale, [
    { name: t('common.nav.home'), path: '/' },
    { name: t('articles.list.title'), path: listPath },
    ...(article
      ? [{ name: article.title, path: `${listPath}/${encodeURIComponent(article.slug)}` }]
      : []),
  ]);
}
