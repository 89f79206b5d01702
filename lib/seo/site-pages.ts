import { partners } from '@/lib/content/firm';

/** Every page of the site, without its language prefix (sitemap, crawl tests). */
export const staticPagePaths: readonly string[] = [
  '/',
  ...partners.map((partner) => partner.profilePath),
  '/actualites',
  '/blog',
  '/mentions-legales',
  '/politique-confidentialite',
  '/politique-cookies',
];

/**
 * The pages with their own canonical address, which the sitemap lists: /actualites is the /blog
 * list under another address and names /blog as its canonical.
 */
export const canonicalPagePaths: readonly string[] = staticPagePaths.filter(
  (path) => path !== '/actualites',
);
