/**
 * The columns of the sheet's 'Articles' tab; the first row holds their names. The one
 * definition, read by the site (gviz.ts, normalise.ts), the sheet stand-in of the tests and
 * `npm run bench:articles`. The editors' manual lists them: docs/editors.md.
 *
 * The first eleven are read by their position, as they always were: a sheet with only those
 * works whatever its header says.
 */
export const fixedColumns = [
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

/**
 * Optional columns after `content_en`, found by the name in their header cell, so that columns of
 * the editors' own (notes, a checkbox) may sit among them and are never read as one of these.
 */
export const namedColumns = ['auteur', 'a_jour_au', 'publier_le'] as const;

export const columns = [...fixedColumns, ...namedColumns] as const;

export type FixedColumn = (typeof fixedColumns)[number];
export type NamedColumn = (typeof namedColumns)[number];
export type Column = (typeof columns)[number];

/**
 * A header cell as the site compares it: accents, case, spaces and hyphens do not count, so
 * « À jour au » and « Publier-le » name a_jour_au and publier_le.
 */
export function headerName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '_');
}
