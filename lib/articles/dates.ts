import { gvizDateToIso, isoDay } from './gviz';
import type { CellValue } from './types';

const monthNames: Record<string, number> = {
  janvier: 1,
  fevrier: 2,
  mars: 3,
  avril: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  decembre: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * A date-like pattern in a title, which sorts the articles: 2025-05-06, 06/05/2025 (also with '-'
 * or '.'; day first, the French way) or '6 mai 2025' / '6 May 2025'. Returns an ISO day or null.
 */
export function dateInText(text: string): string | null {
  const value = plain(text);
  const iso = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/.exec(value);
  if (dayFirst) return isoDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const written = /\b(\d{1,2})(?:er)?\s+([a-z]+)\s+(\d{4})\b/.exec(value);
  const month = written?.[2] ? monthNames[written[2]] : undefined;
  if (written && month) return isoDay(Number(written[3]), month, Number(written[1]));
  return null;
}

/** The date column: a gviz Date(y,m,d) value, or a date written as text; null otherwise. */
export function dateCell(value: CellValue): string | null {
  if (typeof value !== 'string') return null;
  return gvizDateToIso(value) ?? dateInText(value);
}
