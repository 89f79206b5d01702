/** The first article `/{locale}/actualites` links to (a path such as /fr/blog/…), if any. */
export declare function firstArticlePath(
  baseUrl: string,
  locale: 'fr' | 'en',
): Promise<string | undefined>;
