import type { PartnerId } from '@/lib/content/firm';

export type CellValue = string | number | boolean | null;

/** In a column gviz types as dates, a text cell has a null `v`; its `f` is what the editor wrote. */
export interface Cell {
  v: CellValue;
  f: string | null;
}

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
  date: string | null;
  /** A date found in the title, else the date column. */
  sortDate: string | null;
  /** Empty when any name is unknown. */
  authors: PartnerId[];
  /** a_jour_au */
  lawStatedAt: string | null;
  /** publier_le, with Paris's offset; null: online as soon as its statut says so. */
  publishAt: string | null;
}

/** The English columns; each falls back to its French column when empty. */
export type EnglishColumn = 'title_en' | 'summary_en' | 'content_en';

/** Found by the code that decides what the site shows (normalise.ts); report.ts words them. */
export type RowIssue =
  | { kind: 'no-title' }
  | { kind: 'not-published'; statut: CellValue }
  | { kind: 'no-content' }
  | { kind: 'date-unreadable'; value: string; sortDate: string | null }
  | { kind: 'image-replaced'; value: string; fallback: string }
  | { kind: 'slug-repeated'; slug: string; base: string; firstRow: number }
  | { kind: 'english-incomplete'; missing: EnglishColumn[]; filled: EnglishColumn[] }
  | { kind: 'author-unknown'; value: string; unknown: string[] }
  /** Nothing is shown, nothing is held back. */
  | { kind: 'cell-unreadable'; column: 'a_jour_au' | 'publier_le'; value: string }
  | { kind: 'law-date-before-date'; lawStatedAt: string; date: string }
  /** These two are found from the clock when the report is made. */
  | { kind: 'scheduled'; publishAt: string }
  | { kind: 'law-date-future'; lawStatedAt: string };
