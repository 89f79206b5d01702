import { readAuthors } from './authors';
import type { Column } from './columns';
import { cellText, dateCell, dateInText, readDay, readMoment } from './dates';
import type { SheetDataRow, SheetTable } from './gviz';
import { articleImage, fallbackImages } from './images';
import { isPublished } from './published';
import { assignSlugs, slugify } from './slug';
import type { Article, Cell, CellValue, EnglishColumn, RowIssue } from './types';

export const DEFAULT_STATUT = 'En attente';

type RowCells = (column: Column) => Cell | null;

function rowCells(table: SheetTable, row: SheetDataRow): RowCells {
  return (column) => {
    const at = table.positions[column];
    return at === null ? null : (row.cells[at] ?? null);
  };
}

function text(value: CellValue): string {
  if (value === null) return '';
  return String(value).trim();
}

const textOf = (cells: RowCells, column: Column) => text(cells(column)?.v ?? null);

/** A text value, else what the sheet shows for the cell. */
const authorText = (cell: Cell | null) =>
  typeof cell?.v === 'string' ? cell.v.trim() : cellText(cell);

function toArticle(cells: RowCells, rowIndex: number, slug: string): Article {
  const title = textOf(cells, 'titre');
  const content = textOf(cells, 'contenu');
  const statutCell = cells('statut')?.v ?? null;
  const date = dateCell(cells('date'));
  const lawStatedAt = readDay(cells('a_jour_au'));
  const publishAt = readMoment(cells('publier_le'));
  return {
    slug,
    title,
    content,
    imageUrl: articleImage(textOf(cells, 'image'), rowIndex),
    resume: textOf(cells, 'resume'),
    categorie: textOf(cells, 'categorie'),
    statut: text(statutCell) || DEFAULT_STATUT,
    published: isPublished(statutCell),
    tags: textOf(cells, 'tags')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    title_en: textOf(cells, 'title_en') || title,
    summary_en: textOf(cells, 'summary_en') || textOf(cells, 'resume'),
    content_en: textOf(cells, 'content_en') || content,
    date,
    sortDate: dateInText(title) ?? date,
    authors: readAuthors(authorText(cells('auteur'))).authors,
    lawStatedAt: lawStatedAt.kind === 'day' ? lawStatedAt.day : null,
    publishAt: publishAt.kind === 'moment' ? publishAt.iso : null,
  };
}

export function compareArticles(a: Article, b: Article): number {
  if (a.sortDate !== b.sortDate) {
    if (a.sortDate === null) return 1;
    if (b.sortDate === null) return -1;
    return a.sortDate < b.sortDate ? 1 : -1;
  }
  return a.title.localeCompare(b.title, 'fr');
}

export interface SheetRowReading {
  row: number;
  article: Article | null;
  /** The statut cell as the sheet gave it (the row report names what in it publishes). */
  statut: CellValue;
  issues: RowIssue[];
}

/** Read once: the pages, the previews and the row report all use it. */
export interface SheetReading {
  rows: SheetRowReading[];
  articles: Article[];
  /** By statut; visitors see only those past their publier_le (publication.ts). */
  published: Article[];
}

const englishColumns: readonly EnglishColumn[] = ['title_en', 'summary_en', 'content_en'];

function namedColumnIssues(cells: RowCells, article: Article): RowIssue[] {
  const issues: RowIssue[] = [];
  const authors = readAuthors(authorText(cells('auteur')));
  if (authors.unknown.length > 0)
    issues.push({
      kind: 'author-unknown',
      value: cellText(cells('auteur')),
      unknown: authors.unknown,
    });
  const lawDate = readDay(cells('a_jour_au'));
  if (lawDate.kind === 'unreadable')
    issues.push({ kind: 'cell-unreadable', column: 'a_jour_au', value: lawDate.text });
  const publishAt = readMoment(cells('publier_le'));
  if (publishAt.kind === 'unreadable')
    issues.push({ kind: 'cell-unreadable', column: 'publier_le', value: publishAt.text });
  if (article.lawStatedAt && article.date && article.lawStatedAt < article.date)
    issues.push({
      kind: 'law-date-before-date',
      lawStatedAt: article.lawStatedAt,
      date: article.date,
    });
  return issues;
}

/** What the site did that the editor may not expect, from the values toArticle used. */
function rowIssues(
  cells: RowCells,
  article: Article,
  rowOfSlug: ReadonlyMap<string, number>,
): RowIssue[] {
  const issues: RowIssue[] = [];
  if (!article.published)
    issues.push({ kind: 'not-published', statut: cells('statut')?.v ?? null });
  if (article.content === '') issues.push({ kind: 'no-content' });
  const date = cellText(cells('date'));
  if (date !== '' && article.date === null)
    issues.push({ kind: 'date-unreadable', value: date, sortDate: article.sortDate });
  const image = textOf(cells, 'image');
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
  const filled = englishColumns.filter((column) => textOf(cells, column) !== '');
  if (filled.length > 0 && filled.length < englishColumns.length)
    issues.push({
      kind: 'english-incomplete',
      filled,
      missing: englishColumns.filter((column) => !filled.includes(column)),
    });
  return [...issues, ...namedColumnIssues(cells, article)];
}

export function readSheet(table: SheetTable): SheetReading {
  const rows = table.rows.map((row, index) => ({ row, index, cells: rowCells(table, row) }));
  const titled = rows.filter(({ cells }) => textOf(cells, 'titre') !== '');
  const slugs = assignSlugs(
    titled.map(({ cells }) => textOf(cells, 'titre')),
    titled.map(({ index }) => index + 1),
  );
  const articleAt = new Map<number, Article>();
  const rowOfSlug = new Map<string, number>();
  titled.forEach(({ row, index, cells }, i) => {
    const article = toArticle(cells, index, slugs[i] ?? 'article');
    articleAt.set(index, article);
    rowOfSlug.set(article.slug, row.row);
  });
  const readings = rows.flatMap(({ row, index, cells }): SheetRowReading[] => {
    if (row.cells.every((cell) => cellText(cell) === '')) return [];
    const article = articleAt.get(index) ?? null;
    const issues = article ? rowIssues(cells, article, rowOfSlug) : [{ kind: 'no-title' as const }];
    return [{ row: row.row, article, statut: cells('statut')?.v ?? null, issues }];
  });
  const articles = [...articleAt.values()].sort(compareArticles);
  return {
    rows: readings,
    articles,
    published: articles.filter((article) => article.published),
  };
}

export function toArticles(table: SheetTable): Article[] {
  return readSheet(table).articles;
}
