import type { MetadataRoute } from 'next';
import { getPublishedArticles } from '@/lib/articles';
import { dateModified } from '@/lib/articles/publication';
import { locales } from '@/lib/i18n/locales';
import { canonicalUrl, languageAlternates } from '@/lib/seo/metadata';
import { sitePages } from '@/lib/routing/pages';

// SITE_URL is read at run time.
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const listed = sitePages.filter((page) => page.inSitemap).map((page) => page.path);
  const pages = listed.flatMap((path) =>
    locales.map((locale) => ({
      url: canonicalUrl(locale, path),
      changeFrequency: path === '/blog' ? ('daily' as const) : ('monthly' as const),
      priority: path === '/' ? 1 : 0.7,
      alternates: { languages: languageAlternates(path) },
    })),
  );
  // The articles online now, in both languages; none while the sheet never loaded. Their
  // lastmod is the day the law is stated at (a_jour_au), else their publication.
  const { articles } = await getPublishedArticles();
  const articlePages = articles.flatMap((article) => {
    const path = `/blog/${encodeURIComponent(article.slug)}`;
    const lastModified = dateModified(article);
    return locales.map((locale) => ({
      url: canonicalUrl(locale, path),
      ...(lastModified ? { lastModified } : {}),
      changeFrequency: 'monthly' as const,
      priority: 0.6,
      alternates: { languages: languageAlternates(path) },
    }));
  });
  return [...pages, ...articlePages];
}
