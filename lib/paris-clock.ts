/**
 * The firm's clock: the calendar day and hour in Paris, summer time included, for the contact
 * digest's 9:00, the audience's days and report, and the articles' publication days; no
 * server-only import, so the browser tests read the same days.
 */
const parisParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The calendar day ('2026-11-24') and hour (0–23) in Paris at `now`, summer time included. */
export function parisClock(now: number): { day: string; hour: number } {
  const parts = Object.fromEntries(
    parisParts.formatToParts(now).map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The calendar day in Paris at `now` ('2026-11-24'). */
export function parisDay(now: number): string {
  return parisClock(now).day;
}
