import type { PartnerId } from '@/lib/content/firm';

/** A value of one gviz cell, as Google sends it in c[i].v. */
export type CellValue = string | number | boolean | null;

/**
 * One gviz cell: its value, and the text the sheet shows when gviz sends one (c[i].f, for dates
 * and numbers). In a column gviz types as dates, a text cell arrives with a null value: its `f`,
 * when present, is what the editor wrote.
 */
export interface Cell {
  v: CellValue;
  f: string | null;
}

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
  /** The partners who signed it (auteur), in the sheet's order; empty when any name is unknown. */
  authors: PartnerId[];
  /** The day the law is stated at (a_jour_au), ISO, or null. */
  lawStatedAt: string | null;
  /**
   * When the article goes online (publier_le), an ISO date-time with Paris's offset, or null when
   * the cell is empty or unreadable (the article is then online as soon as its statut says so).
   */
  publishAt: string | null;
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
  | { kind: 'english-incomplete'; missing: EnglishColumn[]; filled: EnglishColumn[] }
  /** Names of auteur that are no partner's (`unknown`): the article has no byline. */
  | { kind: 'author-unknown'; value: string; unknown: string[] }
  /** a_jour_au or publier_le could not be read: nothing is shown, nothing is held back. */
  | { kind: 'cell-unreadable'; column: 'a_jour_au' | 'publier_le'; value: string }
  /** a_jour_au is earlier than the article's own date. */
  | { kind: 'law-date-before-date'; lawStatedAt: string; date: string }
  /** Found when the report is made, from the clock: a published row not online until publishAt. */
  | { kind: 'scheduled'; publishAt: string }
  /** Found when the report is made: a_jour_au is later than today (Paris). */
  | { kind: 'law-date-future'; lawStatedAt: string };
