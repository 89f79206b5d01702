/** A value of one gviz cell, as Google sends it in c[i].v (SPEC 7). */
export type CellValue = string | number | boolean | null;

/** The app's own article, built from one sheet row by toArticle (SPEC 3.2). */
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
