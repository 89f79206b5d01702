/** No server-only import: the browser tests read the same days. */
const parisParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

export function parisClock(now: number): { day: string; hour: number } {
  const parts = Object.fromEntries(
    parisParts.formatToParts(now).map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

export function parisDay(now: number): string {
  return parisClock(now).day;
}
