import 'server-only';
import { localizedArticle, tagLabel, type Article } from '@/lib/articles';
import { articleImageSrc } from '@/lib/articles/images';
import { dateModified, datePublished } from '@/lib/articles/publication';
import { firm, partners, type Partner } from '@/lib/content/firm';
import { localeTags, type Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { absoluteUrl, canonicalUrl, defaultOgImage } from './metadata';

/**
 * schema.org structured data (JSON-LD) built from the same facts the pages show: the firm as a
 * LegalService, each partner as a Person, each article as a BlogPosting, breadcrumbs on inner
 * pages. components/json-ld-script.tsx puts it in the page.
 */
export type JsonLd = Record<string, unknown>;

const firmId = () => `${absoluteUrl('/')}#firm`;
const personId = (partner: Partner) => `${absoluteUrl(partner.profilePath)}#person`;

function postalAddress() {
  return {
    '@type': 'PostalAddress',
    streetAddress: firm.address.street,
    postalCode: firm.address.postalCode,
    addressLocality: firm.address.city,
    addressCountry: firm.address.countryCode,
  };
}

export function legalServiceJsonLd(locale: Locale): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    '@id': firmId(),
    name: firm.name,
    legalName: `SELARL ${firm.name}`,
    description: firm.description[locale],
    slogan: firm.tagline[locale],
    url: canonicalUrl(locale, '/'),
    logo: absoluteUrl('/images/logo.svg'),
    image: absoluteUrl(defaultOgImage.path),
    telephone: firm.phone,
    email: firm.email,
    address: postalAddress(),
    geo: { '@type': 'GeoCoordinates', latitude: firm.map.latitude, longitude: firm.map.longitude },
    areaServed: 'FR',
    knowsLanguage: ['fr', 'en'],
    sameAs: [firm.linkedin],
    founder: partners.map((partner) => ({
      '@type': 'Person',
      '@id': personId(partner),
      name: partner.name,
    })),
    inLanguage: localeTags[locale],
  };
}

export function personJsonLd(partner: Partner, locale: Locale): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': personId(partner),
    name: partner.name,
    givenName: partner.givenName,
    familyName: partner.familyName,
    jobTitle: partner.role[locale],
    description: partner.specialisation[locale],
    email: partner.email,
    telephone: partner.phone,
    image: absoluteUrl(partner.photo.src),
    url: canonicalUrl(locale, partner.profilePath),
    worksFor: firmReference(),
    alumniOf: partner.education.flatMap((entry) =>
      entry.institution ? [{ '@type': 'CollegeOrUniversity', name: entry.institution }] : [],
    ),
    knowsLanguage: [...partner.languages],
    sameAs: [partner.linkedin],
  };
}

/** The firm as another block names it: its id, type and name (the full block is the home's). */
function firmReference(): JsonLd {
  return { '@type': 'LegalService', '@id': firmId(), name: firm.name };
}

/**
 * A partner named from another page's data (an article's author): the same @id as the profile's
 * own Person, and the profile's address in the page's language.
 */
export function personReference(partner: Partner, locale: Locale): JsonLd {
  return {
    '@type': 'Person',
    '@id': personId(partner),
    name: partner.name,
    url: canonicalUrl(locale, partner.profilePath),
  };
}

/**
 * An article at its canonical address, /{lang}/blog/{slug}, signed by the partners its `auteur`
 * cell names (else by the firm) and published by the firm.
 */
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

export function breadcrumbJsonLd(
  locale: Locale,
  trail: readonly { name: string; path: string }[],
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(localizedPath(locale, item.path)),
    })),
  };
}

/**
 * Breadcrumbs of the news pages, named as the visitor reads them (the header's Home, the list's
 * title, the article's title): Home > News on /actualites and /blog, Home > News > title on an
 * article, whose address is under /blog like its canonical link.
 */
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

/**
 * JSON for a <script type="application/ld+json"> block: '<' is escaped so that no text inside
 * can close the script element.
 */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
