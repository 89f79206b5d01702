/** A value of one gviz cell, as Google sends it in c[i].v. */
export type CellValue = string | number | boolean | null;

/** The app's own article, built from one sheet row by toArticle. */
export interface Article {
  slug: string;
  title: string;
  content: string;
  imageUrl: string;
  resume: string;
  categorie: string;
  statut: string;
  published: boolean;
  tags: string[];
  title_en: string;
  summary_en: string;
  content_en: string;
  /** The date column as an ISO day (YYYY-MM-DD), or null when absent or unreadable. */
  date: string | null;
  /** The sort key: a date found in the title, else the date column (ISO day), else null. */
  sortDate: string | null;
}

/** The English columns; each falls back to its French column when empty. */
export type EnglishColumn = 'title_en' | 'summary_en' | 'content_en';

/**
 * Something an editor should know about one row, found while the row is read (normalise.ts), by
 * the same code that decides what the site shows. The row report turns each into a sentence.
 */
export type RowIssue =
  /** No title: the row is not an article at all. */
  | { kind: 'no-title' }
  /** The statut does not publish; the cell as the sheet gave it. */
  | { kind: 'not-published'; statut: CellValue }
  /** A published article whose text is empty. */
  | { kind: 'no-content' }
  /** The date cell could not be read; the page shows no date and sorts by `sortDate`. */
  | { kind: 'date-unreadable'; value: string; sortDate: string | null }
  /** The image cell gave no usable address, so the page shows `fallback`. */
  | { kind: 'image-replaced'; value: string; fallback: string }
  /** The title's address was taken by an earlier row (`firstRow`): `slug` carries a suffix. */
  | { kind: 'slug-repeated'; slug: string; base: string; firstRow: number }
  /** Some English columns are filled, others not: those fall back to French. */
  | { kind: 'english-incomplete'; missing: EnglishColumn[]; filled: EnglishColumn[] };
