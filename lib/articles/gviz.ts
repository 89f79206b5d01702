import { columns, fixedColumns, headerName, namedColumns, type Column } from './columns';
import type { Cell, CellValue } from './types';

export class SheetFormatError extends Error {
  override name = 'SheetFormatError';
}

export interface SheetDataRow {
  row: number;
  cells: readonly Cell[];
}

export interface SheetTable {
  /** Fixed columns always; a named one when its header was found. */
  positions: Readonly<Record<Column, number | null>>;
  rows: readonly SheetDataRow[];
}

interface GvizCell {
  v?: unknown;
  f?: unknown;
}

const emptyCell: Cell = { v: null, f: null };

function readCell(cell: unknown): Cell {
  if (cell === null || typeof cell !== 'object') return emptyCell;
  const { v, f } = cell as GvizCell;
  const value: CellValue =
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
  return { v: value, f: typeof f === 'string' ? f : null };
}

/** gviz may send the header cell of a date column as null. */
function headerText(cell: Cell): string {
  return typeof cell.v === 'string' ? cell.v : (cell.f ?? '');
}

/** Two fixed columns named at their place: one could be a title, two cannot. */
function isHeader(names: readonly string[]): boolean {
  return fixedColumns.filter((column, i) => headerName(names[i] ?? '') === column).length >= 2;
}

function positionsFrom(header: readonly string[] | null): Record<Column, number | null> {
  const positions = Object.fromEntries(columns.map((column) => [column, null])) as Record<
    Column,
    number | null
  >;
  fixedColumns.forEach((column, i) => (positions[column] = i));
  if (header)
    for (const column of namedColumns) {
      const at = header.findIndex(
        (name, i) => i >= fixedColumns.length && headerName(name) === column,
      );
      positions[column] = at >= 0 ? at : null;
    }
  return positions;
}

/**
 * The header row is found, never guessed from its position (docs/architecture.md, "The sheet's
 * header row, decided, not guessed"): in the labels (asked with headers=1), else the first row.
 */
export function parseGviz(body: string): SheetTable {
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end < start) throw new SheetFormatError('no JSON object in the sheet answer');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.slice(start, end + 1));
  } catch {
    throw new SheetFormatError('the sheet answer is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object')
    throw new SheetFormatError('the sheet answer is not an object');
  const { status, table } = parsed as { status?: unknown; table?: unknown };
  if (status === 'error') throw new SheetFormatError('the sheet answered with an error status');
  if (table === null || typeof table !== 'object')
    throw new SheetFormatError('the sheet answer has no table');
  const { rows = [], cols = [] } = table as { rows?: unknown; cols?: unknown };
  if (!Array.isArray(rows)) throw new SheetFormatError('table.rows is not a list');
  const cells = rows.map((row: unknown): Cell[] => {
    const c = row !== null && typeof row === 'object' ? (row as { c?: unknown }).c : null;
    return Array.isArray(c) ? c.map(readCell) : [];
  });
  const labels = (Array.isArray(cols) ? cols : []).map((col: unknown) => {
    const label = col !== null && typeof col === 'object' ? (col as { label?: unknown }).label : '';
    return typeof label === 'string' ? label : '';
  });

  let header: string[] | null = null;
  let data = cells;
  let firstRow = 1;
  if (isHeader(labels)) {
    header = labels;
    firstRow = 2;
  } else if (labels.some((label) => label.trim() !== '')) {
    // gviz took the first row for a header although it names no column: it is an article.
    data = [labels.map((label) => ({ v: label, f: null })), ...cells];
  } else if (isHeader((cells[0] ?? []).map(headerText))) {
    header = (cells[0] ?? []).map(headerText);
    data = cells.slice(1);
    firstRow = 2;
  }
  return {
    positions: positionsFrom(header),
    rows: data.map((row, index) => ({ row: firstRow + index, cells: row })),
  };
}

/** 'Date(2025,4,6)' or 'Date(2025,4,6,8,30,0)': the month counts from 0. */
export interface GvizDate {
  day: string;
  time: { hour: number; minute: number; second: number } | null;
}

export function readGvizDate(value: string): GvizDate | null {
  const match =
    /^Date\((\d{4}),\s*(\d{1,2}),\s*(\d{1,2})(?:,\s*(\d{1,2}),\s*(\d{1,2})(?:,\s*(\d{1,2}))?(?:,\s*\d+)?)?\)$/.exec(
      value.trim(),
    );
  if (!match) return null;
  const day = isoDay(Number(match[1]), Number(match[2]) + 1, Number(match[3]));
  if (!day) return null;
  if (match[4] === undefined) return { day, time: null };
  const time = { hour: Number(match[4]), minute: Number(match[5]), second: Number(match[6] ?? 0) };
  if (time.hour > 23 || time.minute > 59 || time.second > 59) return null;
  return { day, time };
}

export function gvizDateToIso(value: string): string | null {
  return readGvizDate(value)?.day ?? null;
}

export function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return date.toISOString().slice(0, 10);
}
