import { parisDay } from '@/lib/paris-clock';

/** Paris days and months, as the firm reads them, summer time included. */
export const RETENTION_MONTHS = 25;

export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function parts(month: string): [number, number] {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month} (expected YYYY-MM)`);
  return [Number(match[1]), Number(match[2])];
}

const pad = (n: number) => String(n).padStart(2, '0');

export function addMonths(month: string, offset: number): string {
  const [year, number] = parts(month);
  const index = year * 12 + (number - 1) + offset;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

export function monthDays(month: string): { from: string; to: string } {
  const [year, number] = parts(month);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/** 25 months back, same day of the month (or that month's last day). */
export function retentionCutoffDay(now: number): string {
  const today = parisDay(now);
  const month = addMonths(today.slice(0, 7), -RETENTION_MONTHS);
  const { to } = monthDays(month);
  const day = Math.min(Number(today.slice(8)), Number(to.slice(8)));
  return `${month}-${pad(day)}`;
}
