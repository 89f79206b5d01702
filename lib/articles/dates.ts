import { Temporal } from 'temporal-polyfill';
import { isoDay, readGvizDate } from './gviz';
import type { Cell } from './types';

/** The site's dates and times are Paris's (docs/editors.md, « Le fuseau horaire de la feuille »). */
export const SITE_TIME_ZONE = 'Europe/Paris';

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

function findDate(text: string): { day: string; rest: string } | null {
  const value = plain(text);
  const patterns: [RegExp, (m: RegExpExecArray) => string | null][] = [
    [
      /\b(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/,
      (m) => isoDay(Number(m[1]), Number(m[2]), Number(m[3])),
    ],
    [
      /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/,
      (m) => isoDay(Number(m[3]), Number(m[2]), Number(m[1])),
    ],
    [
      /\b(\d{1,2})(?:er)?\s+([a-z]+)\s+(\d{4})\b/,
      (m) => {
        const month = monthNames[m[2] ?? ''];
        return month ? isoDay(Number(m[3]), month, Number(m[1])) : null;
      },
    ],
  ];
  for (const [pattern, read] of patterns) {
    const match = pattern.exec(value);
    if (!match) continue;
    const day = read(match);
    if (day)
      return {
        day,
        rest: value.slice(0, match.index) + ' ' + value.slice(match.index + match[0].length),
      };
  }
  return null;
}

/** Day first, the French way: 06/05/2025 is 6 May. */
export function dateInText(text: string): string | null {
  return findDate(text)?.day ?? null;
}

export function cellText(cell: Cell | null): string {
  if (!cell) return '';
  if (cell.f !== null && cell.f.trim() !== '') return cell.f.trim();
  return cell.v === null ? '' : String(cell.v).trim();
}

function dateSource(cell: Cell): string {
  return typeof cell.v === 'string' && cell.v.trim() !== '' ? cell.v : (cell.f ?? '');
}

export type DayReading =
  { kind: 'empty' } | { kind: 'day'; day: string } | { kind: 'unreadable'; text: string };

export function readDay(cell: Cell | null): DayReading {
  const text = cellText(cell);
  if (!cell || text === '') return { kind: 'empty' };
  const source = dateSource(cell);
  const day = readGvizDate(source)?.day ?? dateInText(source);
  return day ? { kind: 'day', day } : { kind: 'unreadable', text };
}

/** The date column as today: an ISO day, or null when empty or unreadable. */
export function dateCell(cell: Cell | null): string | null {
  const reading = readDay(cell);
  return reading.kind === 'day' ? reading.day : null;
}

interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
}

/** 8h, 8 h 30, 08:30, 08:30:15; null when none is written, 'unreadable' for a wrong one. */
function timeIn(rest: string): TimeOfDay | null | 'unreadable' {
  if (!/\d/.test(rest)) return null;
  const match = /(?<!\d)(\d{1,2})\s*(?:h|:)\s*(\d{2})?(?:\s*:\s*(\d{2}))?(?!\d)/.exec(rest);
  if (!match) return 'unreadable';
  const time = { hour: Number(match[1]), minute: +(match[2] ?? 0), second: +(match[3] ?? 0) };
  // Other figures beside the time ('8h 30 minutes 12') are not a time the site can be sure of.
  const left = rest.slice(0, match.index) + rest.slice(match.index + match[0].length);
  if (/\d/.test(left) || time.hour > 23 || time.minute > 59 || time.second > 59)
    return 'unreadable';
  return time;
}

/**
 * RFC 5545's rule (Temporal's 'compatible'): a skipped time (last Sunday of March) takes the
 * offset before the change, so 02:30 is 03:30; a repeated one is the first, summer time's.
 */
export function parisInstant(day: string, time: TimeOfDay): Temporal.ZonedDateTime {
  return Temporal.PlainDate.from(day)
    .toPlainDateTime(time)
    .toZonedDateTime(SITE_TIME_ZONE, { disambiguation: 'compatible' });
}

export type MomentReading =
  | { kind: 'empty' }
  | { kind: 'moment'; iso: string; timeGiven: boolean }
  | { kind: 'unreadable'; text: string };

const START_OF_DAY: TimeOfDay = { hour: 0, minute: 0, second: 0 };

/** A gviz Date(…) is in the sheet's time zone, which must be Paris's. */
export function readMoment(cell: Cell | null): MomentReading {
  const text = cellText(cell);
  if (!cell || text === '') return { kind: 'empty' };
  const source = dateSource(cell);
  const gviz = readGvizDate(source);
  let day: string;
  let time: TimeOfDay | null;
  if (gviz) ({ day, time } = gviz);
  else {
    const found = findDate(source);
    const inRest = found ? timeIn(found.rest) : 'unreadable';
    if (!found || inRest === 'unreadable') return { kind: 'unreadable', text };
    day = found.day;
    time = inRest;
  }
  const instant = parisInstant(day, time ?? START_OF_DAY);
  return {
    kind: 'moment',
    iso: instant.toString({ timeZoneName: 'never' }),
    timeGiven: time !== null,
  };
}

export function parisTimeOf(iso: string): { day: string; hour: number; minute: number } {
  const zoned = Temporal.Instant.from(iso).toZonedDateTimeISO(SITE_TIME_ZONE);
  return { day: zoned.toPlainDate().toString(), hour: zoned.hour, minute: zoned.minute };
}
