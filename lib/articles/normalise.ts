import { dateCell, dateInText } from './dates';
import { articleImage } from './images';
import { isPublished } from './published';
import { assignSlugs } from './slug';
import type { Article, CellValue } from './types';

/** Column order of the 'Articles' sheet (SPEC 3.2). */
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

type Column = (typeof columns)[number];

export const DEFAULT_STATUT = 'En attente';

function cell(row: readonly CellValue[], column: Column): CellValue {
  return row[columns.indexOf(column)] ?? null;
}

function text(value: CellValue): string {
  if (value === null) return '';
  return String(value).trim();
}

/** One sheet row (header already skipped) as an article; the slug is given by toArticles. */
export function toArticle(row: readonly CellValue[], rowIndex: number, slug: string): Article {
  const title = text(cell(row, 'titre'));
  const content = text(cell(row, 'contenu'));
  const statutCell = cell(row, 'statut');
  const date = dateCell(cell(row, 'date'));
  return {
    slug,
    title,
    content,
    imageUrl: articleImage(text(cell(row, 'image')), rowIndex),
    resume: text(cell(row, 'resume')),
    categorie: text(cell(row, 'categorie')),
    statut: text(statutCell) || DEFAULT_STATUT,
    published: isPublished(statutCell),
    tags: text(cell(row, 'tags'))
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    title_en: text(cell(row, 'title_en')) || title,
    summary_en: text(cell(row, 'summary_en')) || text(cell(row, 'resume')),
    content_en: text(cell(row, 'content_en')) || content,
    date,
    sortDate: dateInText(title) ?? date,
  };
}

/** Newest first by the date in the title (else the date column), then by title (SPEC 3.2). */
export function compareArticles(a: Article, b: Article): number {
  if (a.sortDate !== b.sortDate) {
    if (a.sortDate === null) return 1;
    if (b.sortDate === null) return -1;
    return a.sortDate < b.sortDate ? 1 : -1;
  }
  return a.title.localeCompare(b.title, 'fr');
}

/** Every row with a title, in display order; slugs are assigned in sheet order. */
export function toArticles(rows: readonly (readonly CellValue[])[]): Article[] {
  const withTitle = rows
    .map((row, rowIndex) => ({ row, rowIndex }))
    .filter(({ row }) => text(cell(row, 'titre')) !== '');
  const slugs = assignSlugs(
    withTitle.map(({ row }) => text(cell(row, 'titre'))),
    withTitle.map(({ rowIndex }) => rowIndex + 1),
  );
  return withTitle
    .map(({ row, rowIndex }, i) => toArticle(row, rowIndex, slugs[i] ?? 'article'))
    .sort(compareArticles);
}
