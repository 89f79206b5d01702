import { expect, test } from 'vitest';
import { focusPages, focusWidths, walkFocusPages } from '../support/focus-pages';
import { inEveryEngine, returningVisitor, visit } from './journey';

/**
 * A keyboard visitor sees where the focus is, in WebKit and Firefox as in Chromium
 * (tests/e2e/visible-focus.spec.ts): Tab through each page kind at a desktop and a phone width,
 * and at each stop the element's area with focus differs from the same area without, by at least
 * WCAG 2.4.13's measure (tests/support/visible-focus.ts).
 */
inEveryEngine('visible focus', (page) => {
  for (const { name, viewport } of focusWidths)
    test(
      `${name}: every Tab stop of ${focusPages.join(', ')} shows its focus`,
      async () => {
        const report = await walkFocusPages(
          {
            tab: (options) => page().press('Tab', options),
            evaluate: (fn, ...args) => page().evaluate(fn, ...args),
            capture: (clip) => page().capture(clip),
            clips: page().clips,
          },
          // Each page in a new tab, as a visitor who opens it, so that where the focus was left
          // on the last page counts for nothing (Firefox showed no ring on the page after one
          // whose walk ended back on its first stop).
          async (address) => {
            expect(await page().errors(), 'console errors and uncaught exceptions').toEqual([]);
            await page().reset();
            await page().setViewport(viewport);
            await returningVisitor(page());
            await visit(page(), address);
            await page().activateWindow();
          },
        );
        for (const address of focusPages)
          expect(report.stops[address]?.length, `stops measured on ${address}`).toBeGreaterThan(0);
        expect(report.invisible, 'stops that change no pixel when focused').toEqual([]);
        expect(
          report.underMeasure,
          'stops under WCAG 2.4.13: less than 2 px around at 3:1',
        ).toEqual([]);
      },
      // One walk through every page: a safety net for a hung walk, not a speed check.
      600_000,
    );
});
