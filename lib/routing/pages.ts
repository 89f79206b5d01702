import { partners } from '@/lib/content/firm';

/**
 * The pages the site serves, each once, with what the rest of the code needs to know of it. The
 * route table (which page answers an address, decided before rendering), the server entry's
 * request gate (which methods a page takes), the sitemap and the crawl tests all read this list.
 * A page added to app/ alone answers 404: add it here too (pages.test.ts fails until the list
 * and app/ agree).
 */
export interface SitePage {
  /** Its address without the language prefix ('/fr' and '/en' are added to every one). */
  path: string;
  /** The file in app/ that renders it. */
  source: string;
  /** The sitemap lists it: false for an alias and for a file such as a vCard. */
  inSitemap: boolean;
  /** Another address of the same page, which names `canonical` as its canonical address. */
  canonical?: string;
  /** Also takes POST: the contact form's post without JavaScript. */
  formPost?: boolean;
}

export const sitePages: readonly SitePage[] = [
  { path: '/', source: 'app/[locale]/page.tsx', inSitemap: true, formPost: true },
  ...partners.map((partner) => ({
    path: partner.profilePath,
    source: 'app/[locale]/[partner]/page.tsx',
    inSitemap: true,
  })),
  // Each partner's contact card (vCard).
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
];

/**
 * The article pages, `{list}/{slug}` under both list addresses; the sitemap lists the articles
 * under /blog, the canonical one.
 */
export const articleLists: readonly { path: '/blog' | '/actualites'; source: string }[] = [
  { path: '/blog', source: 'app/[locale]/blog/[slug]/page.tsx' },
  { path: '/actualites', source: 'app/[locale]/actualites/[slug]/page.tsx' },
];

/**
 * What app/[locale] holds besides the pages above, none of it an address of its own:
 * - `introuvable` renders the not-found page and `article-indisponible` the article error; the
 *   route table sends the addresses concerned there with 404 and 503, and answers 404 when
 *   they are asked for by name;
 * - `[...rest]` catches what nothing else matches in Next.js's own routing; the route table has
 *   already sent every such address to `introuvable`;
 * - `feed.xml` is a file (the RSS feed), served outside the route table like robots.txt and
 *   sitemap.xml.
 * The API's route handlers (app/api/) keep their own methods and are not pages.
 */
export const internalSources: readonly string[] = [
  'app/[locale]/introuvable/page.tsx',
  'app/[locale]/article-indisponible/page.tsx',
  'app/[locale]/[...rest]/page.tsx',
  'app/[locale]/feed.xml/route.ts',
];

/** The pages that are documents (HTML), not files such as a vCard. */
export const documentPages: readonly SitePage[] = sitePages.filter((page) =>
  page.source.endsWith('/page.tsx'),
);

/** The paths of the pages that take the contact form's post, without their language prefix. */
export const formPostPaths: readonly string[] = sitePages
  .filter((page) => page.formPost)
  .map((page) => page.path);
