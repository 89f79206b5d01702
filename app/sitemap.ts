import type { MetadataRoute } from 'next';
import { locales } from '@/lib/i18n/locales';
import { canonicalUrl, languageAlternates } from '@/lib/seo/metadata';
import { staticPagePaths } from '@/lib/seo/site-pages';

// SITE_URL is read at run time.
export const dynamic = 'force-dynamic';

export default function sitemap(): MetadataRoute.Sitemap {
  return staticPagePaths.flatMap((path) =>
    locales.map((locale) => ({
      url: canonicalUrl(locale, path),
      changeFrequency:
        path === '/actualites' || path === '/blog' ? ('daily' as const) : ('monthly' as const),
      priority: path === '/' ? 1 : 0.7,
      alternates: { languages: languageAlternates(path) },
    })),
  );
}
