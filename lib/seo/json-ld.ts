import 'server-only';
import { firm, partners, type Partner } from '@/lib/content/firm';
import { localeTags, type Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { absoluteUrl, canonicalUrl, defaultOgImage } from './metadata';

/**
 * schema.org structured data (JSON-LD) built from the same facts the pages show: the firm as a
 * LegalService, each partner as a Person, breadcrumbs on inner pages (an article's own blocks are
 * the articles feature's, lib/articles/json-ld.ts). components/json-ld-script.tsx puts it in the
 * page.
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
export function firmReference(): JsonLd {
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
 * JSON for a <script type="application/ld+json"> block: '<' is escaped so that no text inside
 * can close the script element.
 */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
