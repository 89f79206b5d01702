/**
 * The columns of the sheet's 'Articles' tab, in order; the first row holds these names. The one
 * definition, read by the site (normalise.ts), the sheet stand-in of the tests and
 * `npm run bench:articles`. The editors' manual lists them: docs/editors.md.
 */
export const columns = [
  'titre',
  'resume',
  'image',
  'categorie',
  'contenu',
  'statut',
  'date',
  'tags',
  'title_en',
  'summary_en',
  'content_en',
] as const;

export type Column = (typeof columns)[number];
