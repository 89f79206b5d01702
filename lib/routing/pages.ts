import { partners } from '@/lib/content/firm';

/**
 * Each page once: the route table, the request gate, the sitemap and the crawl tests read it. A
 * page added to app/ alone answers 404 (pages.test.ts fails until the two agree).
 */
export interface SitePage {
  /** Without the language prefix. */
  path: string;
  source: string;
  /** False for an alias and for a file such as a vCard. */
  inSitemap: boolean;
  /** An alias names its canonical address. */
  canonical?: string;
  formPost?: boolean;
}

export const sitePages: readonly SitePage[] = [
  { path: '/', source: 'app/[locale]/page.tsx', inSitemap: true, formPost: true },
  ...partners.map((partner) => ({
    path: partner.profilePath,
    source: 'app/[locale]/[partner]/page.tsx',
    inSitemap: true,
  })),
  ...partners.map((partner) => ({
    path: `${partner.profilePath}/vcard`,
    source: 'app/[locale]/[partner]/vcard/route.ts',
    inSitemap: false,
  })),
  { path: '/blog', source: 'app/[locale]/blog/page.tsx', inSitemap: true },
  // The same list under the header's name for it.
  {
    path: '/actualites',
    source: 'app/[locale]/actualites/page.tsx',
    inSitemap: false,
    canonical: '/blog',
  },
  { path: '/mentions-legales', source: 'app/[locale]/mentions-legales/page.tsx', inSitemap: true },
  {
    path: '/politique-confidentialite',
    source: 'app/[locale]/politique-confidentialite/page.tsx',
    inSitemap: true,
  },
  {
    path: '/politique-cookies',
    source: 'app/[locale]/politique-cookies/page.tsx',
    inSitemap: true,
  },
  // Where the legal watch's subscription form lands without JavaScript; not indexed.
  {
    path: '/veille/demande-recue',
    source: 'app/[locale]/veille/demande-recue/page.tsx',
    inSitemap: false,
  },
];

/** Articles answer under both lists; /blog is canonical. */
export const articleLists: readonly { path: '/blog' | '/actualites'; source: string }[] = [
  { path: '/blog', source: 'app/[locale]/blog/[slug]/page.tsx' },
  { path: '/actualites', source: 'app/[locale]/actualites/[slug]/page.tsx' },
];

/**
 * No address of their own: the route table sends the not-found and article-error addresses to the
 * first two (404, 503); `[...rest]` catches what Next.js matches nothing for; the feed is a file.
 */
export const internalSources: readonly string[] = [
  'app/[locale]/introuvable/page.tsx',
  'app/[locale]/article-indisponible/page.tsx',
  'app/[locale]/[...rest]/page.tsx',
  'app/[locale]/feed.xml/route.ts',
];

export const documentPages: readonly SitePage[] = sitePages.filter((page) =>
  page.source.endsWith('/page.tsx'),
);

export const formPostPaths: readonly string[] = sitePages
  .filter((page) => page.formPost)
  .map((page) => page.path);
