// @ts-check
// The pages that are measured: one of every kind, in both languages, plus an article per language
// (firstArticlePath). The one list read by the Lighthouse test, the layout-stability test and
// `npm run bench`; plain JavaScript with JSDoc types so that bench/run.mjs shares it.

/** One page of every kind (home, profile, list, legal pages), in both languages. */
export const measuredPages = [
  '/fr',
  '/en',
  '/fr/helene-sorel',
  '/en/julien-aubry',
  '/fr/actualites',
  '/en/blog',
  '/fr/mentions-legales',
  '/en/politique-confidentialite',
  '/fr/politique-cookies',
];

/**
 * The first article the list page `/{locale}/actualites` links to (a path such as /fr/blog/…),
 * or undefined when it lists none. With an author (a partner's profile name), the first article
 * of the list filtered by that author: one whose page carries a byline.
 * @param {string} baseUrl
 * @param {'fr' | 'en'} locale
 * @param {string} [author]
 * @returns {Promise<string | undefined>}
 */
export async function firstArticlePath(baseUrl, locale, author) {
  // `auteur`: the list's author parameter (lib/articles/list-query.ts).
  const query = author ? `?auteur=${encodeURIComponent(author)}` : '';
  const html = await (await fetch(`${baseUrl}/${locale}/actualites${query}`)).text();
  return new RegExp(`href="(/${locale}/blog/[^"?#]+)"`).exec(html)?.[1];
}
