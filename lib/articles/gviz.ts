import type { CellValue } from './types';

/** The sheet's answer could not be read as a gviz table. */
export class SheetFormatError extends Error {
  override name = 'SheetFormatError';
}

interface GvizCell {
  v?: unknown;
}

function cellValue(cell: unknown): CellValue {
  if (cell === null || typeof cell !== 'object') return null;
  const value = (cell as GvizCell).v;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return null;
}

/**
 * Reads Google's JSON-wrapped gviz answer: the text before the first '{' and after the
 * last '}' is dropped, the rest parsed; rows come from table.rows with each value at c[i].v. The
 * first data row holds the column names and is skipped. Missing or null cells read as null.
 */
export function parseGviz(body: string): CellValue[][] {
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
  const rows = (table as { rows?: unknown }).rows;
  if (rows === undefined) return [];
  if (!Array.isArray(rows)) throw new SheetFormatError('table.rows is not a list');
  return rows.slice(1).map((row: unknown) => {
    const cells = row !== null && typeof row === 'object' ? (row as { c?: unknown }).c : null;
    return Array.isArray(cells) ? cells.map(cellValue) : [];
  });
}

/** A gviz date value 'Date(2025,4,6)' (month counted from 0) as an ISO day '2025-05-06'. */
export function gvizDateToIso(value: string): string | null {
  const match = /^Date\((\d{4}),\s*(\d{1,2}),\s*(\d{1,2})(?:,[\d,\s]*)?\)$/.exec(value.trim());
  if (!match) return null;
  return isoDay(Number(match[1]), Number(match[2]) + 1, Number(match[3]));
}

/** YYYY-MM-DD for a real calendar day, else null. */
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
