import { parisDay } from '@/lib/paris-clock';
/**
 * The audience's calendar: Paris days ('2026-11-24') and months ('2026-11'), as the firm reads
 * them, summer time included.
 */
export const RETENTION_MONTHS = 25;

export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function parts(month: string): [number, number] {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month} (expected YYYY-MM)`);
  return [Number(match[1]), Number(match[2])];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month `offset` months after (or before, when negative) `month`. */
export function addMonths(month: string, offset: number): string {
  const [year, number] = parts(month);
  const index = year * 12 + (number - 1) + offset;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The first and last days of a month. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, number] = parts(month);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/**
 * The first day still kept at `now`: the same day of the month, 25 months earlier (the last day
 * of that month when it is shorter). Data of the days before it are deleted.
 */
export function retentionCutoffDay(now: number): string {
  const today = parisDay(now);
  const month = addMonths(today.slice(0, 7), -RETENTION_MONTHS);
  const { to } = monthDays(month);
  const day = Math.min(Number(today.slice(8)), Number(to.slice(8)));
  return `${month}-${pad(day)}`;
}
