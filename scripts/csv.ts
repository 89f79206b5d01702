/**
 * One CSV cell, for the operator's exports (`npm run messages -- --csv`, `npm run stats --
 * --csv`): quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ would be
 * a formula in a spreadsheet, so it is neutralised.
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
