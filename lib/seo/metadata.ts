import 'server-only';
import type { Metadata } from 'next';
import { config } from '@/lib/config';
import { locales, localeTags, type Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

export interface PageSeo {
  locale: Locale;
  /** The path without its language prefix, e.g. '/' or '/mentions-legales'. */
  path: string;
  title: string;
  description: string;
  /** A same-origin path or an absolute address; defaults to the site's Open Graph image. */
  image?: string;
  type?: 'website' | 'article' | 'profile';
  /** The home page uses its title as is, without the firm-name suffix. */
  absoluteTitle?: boolean;
}

export function absoluteUrl(path: string): string {
  return /^https?:\/\//.test(path)
    ? path
    : `${config().SITE_URL}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Canonical is always the /fr or /en form; the unprefixed form points to /fr (issue 2). */
export function canonicalUrl(locale: Locale, path: string): string {
  return absoluteUrl(localizedPath(locale, path));
}

export function languageAlternates(path: string): Record<string, string> {
  const alternates: Record<string, string> = {};
  for (const locale of locales) alternates[locale] = canonicalUrl(locale, path);
  alternates['x-default'] = canonicalUrl('fr', path);
  return alternates;
}

export const defaultOgImage = { path: '/images/og-image.png', width: 1200, height: 630 };

export function pageMetadata(seo: PageSeo): Metadata {
  const t = getTranslator(seo.locale);
  const image = seo.image ? absoluteUrl(seo.image) : absoluteUrl(defaultOgImage.path);
  const canonical = canonicalUrl(seo.locale, seo.path);
  return {
    title: seo.absoluteTitle ? { absolute: seo.title } : seo.title,
    description: seo.description,
    alternates: {
      canonical,
      languages: languageAlternates(seo.path),
      // The articles feed of the page's language (issue 4).
      types: { 'application/rss+xml': canonicalUrl(seo.locale, '/feed.xml') },
    },
    openGraph: {
      type: seo.type ?? 'website',
      siteName: t('common.meta.siteName'),
      title: seo.title,
      description: seo.description,
      url: canonical,
      locale: localeTags[seo.locale].replace('-', '_'),
      alternateLocale: locales
        .filter((l) => l !== seo.locale)
        .map((l) => localeTags[l].replace('-', '_')),
      images: [
        seo.image
          ? { url: image }
          : {
              url: image,
              width: defaultOgImage.width,
              height: defaultOgImage.height,
              alt: t('common.meta.ogImageAlt'),
            },
      ],
    },
    twitter: {
      card: 'summary_large_image',
      title: seo.title,
      description: seo.description,
      images: [image],
    },
  };
}
