import { createClient } from '@libsql/client';
import { parisDay } from '../../lib/paris-clock';

/**
 * Today's audience figures in a test site's SQLite database, read as the browser tests read the
 * contact messages (no server-only module: Playwright loads this file too). Keys are
 * `measure path value` ('view /fr/mentions-legales ', 'search /fr Google'), or `vital kind
 * metric` for the loading times, summed over their buckets.
 */
export async function todaysFigures(databaseUrl: string): Promise<Map<string, number>> {
  const client = createClient({ url: databaseUrl });
  const day = parisDay(Date.now());
  try {
    const counts = await client.execute({
      sql: 'SELECT measure, path, value, count FROM audience_counts WHERE day = ?',
      args: [day],
    });
    const vitals = await client.execute({
      sql: 'SELECT kind, metric, SUM(count) AS count FROM audience_vitals WHERE day = ? GROUP BY kind, metric',
      args: [day],
    });
    return new Map([
      ...counts.rows.map(
        (row) => [`${row.measure} ${row.path} ${row.value}`, Number(row.count)] as const,
      ),
      ...vitals.rows.map((row) => [`vital ${row.kind} ${row.metric}`, Number(row.count)] as const),
    ]);
  } catch (error) {
    // Before the site's first start, the tables do not exist yet: nothing counted.
    if (String(error).includes('no such table')) return new Map();
    throw error;
  } finally {
    client.close();
  }
}

/**
 * Waits (a generous deadline, polling) until every figure in `expected` reaches its value, then
 * returns today's figures. The site writes what it received every AUDIENCE_FLUSH_MS.
 */
export async function waitForFigures(
  databaseUrl: string,
  expected: Record<string, number>,
  timeoutMs = 20_000,
): Promise<Map<string, number>> {
  const deadline = Date.now() + timeoutMs;
  let figures = new Map<string, number>();
  while (Date.now() < deadline) {
    figures = await todaysFigures(databaseUrl);
    if (Object.entries(expected).every(([key, value]) => (figures.get(key) ?? 0) >= value))
      return figures;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seen = Object.keys(expected).map((key) => `${key}: ${figures.get(key) ?? 0}`);
  throw new Error(`figures never reached ${JSON.stringify(expected)} (${seen.join(', ')})`);
}

/**
 * Run in the page: whether it has fetched the script it asks for after its `load` event, the
 * `web-vitals` library (lib/audience/client.ts). A page left before that sends its page view and
 * no loading times, so a test of the loading times waits for this first. Self-contained: the
 * test runners send its source to the page.
 */
export function loadingTimesLibraryFetched(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!navigation || navigation.loadEventStart === 0) return false;
  return performance
    .getEntriesByType('resource')
    .some(
      (entry) =>
        (entry as PerformanceResourceTiming).initiatorType === 'script' &&
        entry.startTime >= navigation.loadEventStart,
    );
}

/**
 * Run in the page: whether the browser has timed the page's first interaction, which INP then
 * holds. Its `first-input` entry is queued whatever the interaction's duration, with its id
 * (Chromium, Firefox), once the frame after it is presented, and `web-vitals` always reads it. An
 * `event` entry would not do: none below 16 ms, the least threshold (Firefox timed this click at
 * 8 ms). A page left before the entry has no INP, as a visitor's who clicks and leaves at once.
 * Self-contained, as above.
 */
export function firstInteractionTimed(): boolean {
  return (performance.getEntriesByType('first-input') as PerformanceEventTiming[]).some(
    (entry) => entry.interactionId > 0,
  );
}
