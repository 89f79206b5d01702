/**
 * The one definition of the sheet's columns (docs/editors.md, « La feuille »). The first eleven
 * are read by position, as they always were.
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

/** Found by header name, so the editors' own columns may sit among them. */
export const namedColumns = ['auteur', 'a_jour_au', 'publier_le'] as const;

export const columns = [...fixedColumns, ...namedColumns] as const;

export type FixedColumn = (typeof fixedColumns)[number];
export type NamedColumn = (typeof namedColumns)[number];
export type Column = (typeof columns)[number];

/** « À jour au » and « Publier-le » name a_jour_au and publier_le. */
export function headerName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '_');
}
