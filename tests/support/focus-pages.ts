import {
  describeStop,
  readPageForFocusWalk,
  walkFocus,
  type FocusDriver,
  type StopResult,
} from './visible-focus';

/**
 * The pages the visible-focus walk tabs through (tests/support/visible-focus.ts), in every engine
 * and at two widths, and the stops whose ring cannot meet WCAG 2.4.13's measure, with the reason.
 */
export const focusPages = [
  '/fr',
  '/en/julien-aubry',
  '/fr/actualites',
  '/en/blog/conges-payes-et-arret-maladie',
];

/** Walked in Chromium only, where a walk is quick: the legal pages' own controls (cookie table). */
export const moreFocusPages = ['/fr/politique-cookies'];

export const focusWidths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/**
 * Stops that show a visible change but less than 2.4.13's area at 3:1, matched on the stop's name
 * (tests/support/visible-focus.ts, FocusStop), each with why it cannot do better.
 */
export const focusAppearanceExceptions: { name: RegExp; reason: string }[] = [];

export interface FocusWalkReport {
  /** Stops measured, by page. */
  stops: Record<string, StopResult[]>;
  /** Stops whose focus changes no pixel. */
  invisible: string[];
  /** Stops under 2.4.13's measure and not among the exceptions. */
  underMeasure: string[];
}

/**
 * Walks every page of `pages` with the driver (`open` loads a page and waits until it can be
 * used), measuring each control once.
 */
export async function walkFocusPages(
  driver: FocusDriver,
  open: (address: string) => Promise<void>,
  pages: readonly string[] = focusPages,
): Promise<FocusWalkReport> {
  const measured = new Set<string>();
  const report: FocusWalkReport = { stops: {}, invisible: [], underMeasure: [] };
  for (const address of pages) {
    await open(address);
    await driver.evaluate(readPageForFocusWalk);
    const results = await walkFocus(driver, measured);
    report.stops[address] = results;
    for (const result of results) {
      if (result.measure.changed === 0)
        report.invisible.push(`${address}: ${describeStop(result)}`);
      else if (
        result.measure.equivalentWidth < 2 &&
        !focusAppearanceExceptions.some((exception) => exception.name.test(result.stop.name))
      )
        report.underMeasure.push(`${address}: ${describeStop(result)}`);
    }
  }
  if (process.env.FOCUS_REPORT)
    for (const [address, results] of Object.entries(report.stops))
      console.log(`${address}\n${results.map((r) => `  ${describeStop(r)}`).join('\n')}`);
  return report;
}
