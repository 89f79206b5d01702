import { columns, type Column } from './columns';
import { dateCell, dateInText } from './dates';
import { articleImage, fallbackImages } from './images';
import { isPublished } from './published';
import { assignSlugs, slugify } from './slug';
import type { Article, CellValue, EnglishColumn, RowIssue } from './types';

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

/** Newest first by the date in the title (else the date column), then by title. */
export function compareArticles(a: Article, b: Article): number {
  if (a.sortDate !== b.sortDate) {
    if (a.sortDate === null) return 1;
    if (b.sortDate === null) return -1;
    return a.sortDate < b.sortDate ? 1 : -1;
  }
  return a.title.localeCompare(b.title, 'fr');
}

/** The sheet's own number of a data row (0-based, header skipped): the header is row 1. */
export function sheetRowNumber(index: number): number {
  return index + 2;
}

/** One row of the sheet as the site reads it, with what an editor should know about it. */
export interface SheetRowReading {
  /** The row number the editor sees in the sheet (the header is row 1). */
  row: number;
  /** null when the row has no title: it is not an article. */
  article: Article | null;
  issues: RowIssue[];
}

/** The whole sheet, read once: the pages, the previews and the row report all use it. */
export interface SheetReading {
  /** Every row that is not entirely empty, in sheet order. */
  rows: SheetRowReading[];
  /** Every row with a title, published or not, in display order. */
  articles: Article[];
  /** What visitors see: the published articles, in display order. */
  published: Article[];
}

const englishColumns: readonly EnglishColumn[] = ['title_en', 'summary_en', 'content_en'];

/** What the site did with a row that the editor may not expect; same values as toArticle used. */
function rowIssues(
  row: readonly CellValue[],
  article: Article,
  rowOfSlug: ReadonlyMap<string, number>,
): RowIssue[] {
  const issues: RowIssue[] = [];
  if (!article.published) issues.push({ kind: 'not-published', statut: cell(row, 'statut') });
  if (article.content === '') issues.push({ kind: 'no-content' });
  const date = text(cell(row, 'date'));
  if (date !== '' && article.date === null)
    issues.push({ kind: 'date-unreadable', value: date, sortDate: article.sortDate });
  const image = text(cell(row, 'image'));
  if (
    image !== '' &&
    image !== article.imageUrl &&
    (fallbackImages as readonly string[]).includes(article.imageUrl)
  )
    issues.push({ kind: 'image-replaced', value: image, fallback: article.imageUrl });
  const base = slugify(article.title) || 'article';
  const firstRow = rowOfSlug.get(base);
  if (article.slug !== base && firstRow !== undefined)
    issues.push({ kind: 'slug-repeated', slug: article.slug, base, firstRow });
  const filled = englishColumns.filter((column) => text(cell(row, column)) !== '');
  if (filled.length > 0 && filled.length < englishColumns.length)
    issues.push({
      kind: 'english-incomplete',
      filled,
      missing: englishColumns.filter((column) => !filled.includes(column)),
    });
  return issues;
}

/**
 * Reads every data row (header already skipped): rows with a title become articles, with slugs
 * assigned in sheet order; each row keeps the issues found on the way.
 */
export function readSheet(rows: readonly (readonly CellValue[])[]): SheetReading {
  const titled = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => text(cell(row, 'titre')) !== '');
  const slugs = assignSlugs(
    titled.map(({ row }) => text(cell(row, 'titre'))),
    titled.map(({ index }) => index + 1),
  );
  const articleAt = new Map<number, Article>();
  const rowOfSlug = new Map<string, number>();
  titled.forEach(({ row, index }, i) => {
    const article = toArticle(row, index, slugs[i] ?? 'article');
    articleAt.set(index, article);
    rowOfSlug.set(article.slug, sheetRowNumber(index));
  });
  const readings = rows.flatMap((row, index): SheetRowReading[] => {
    if (row.every((value) => text(value) === '')) return [];
    const article = articleAt.get(index) ?? null;
    const issues = article ? rowIssues(row, article, rowOfSlug) : [{ kind: 'no-title' as const }];
    return [{ row: sheetRowNumber(index), article, issues }];
  });
  const articles = [...articleAt.values()].sort(compareArticles);
  return {
    rows: readings,
    articles,
    published: articles.filter((article) => article.published),
  };
}

/** Every row with a title, in display order; slugs are assigned in sheet order. */
export function toArticles(rows: readonly (readonly CellValue[])[]): Article[] {
  return readSheet(rows).articles;
}
