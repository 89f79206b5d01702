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
