import { expect, test } from './fixtures';
import { focusPages, focusWidths, moreFocusPages, walkFocusPages } from '../support/focus-pages';

const pages = [...focusPages, ...moreFocusPages];

/**
 * A keyboard visitor sees where the focus is, on every stop of every page kind: Tab through each
 * page, and at each stop the element's area with focus differs from the same area without, by at
 * least WCAG 2.4.13's measure (tests/support/visible-focus.ts). WebKit and Firefox:
 * tests/engines/visible-focus.test.ts.
 */
for (const { name, viewport } of focusWidths) {
  test.describe(`visible focus, ${name}`, () => {
    test.use({ viewport });
    test(`every Tab stop of ${pages.join(', ')} shows its focus`, async ({ page }) => {
      // One walk through every page (a control met again is measured once): a safety net for a
      // hung walk, not a speed check.
      test.setTimeout(600_000);
      // Screenshots straight from the DevTools protocol: Playwright's own wait for a stable page
      // each time made the walk several times slower. Its clip is in the document's coordinates.
      const devtools = await page.context().newCDPSession(page);
      const report = await walkFocusPages(
        {
          tab: (options) => page.keyboard.press(options?.shift ? 'Shift+Tab' : 'Tab'),
          evaluate: (fn, ...args) => page.evaluate(fn as never, args[0] as never),
          async capture(clip) {
            const [left = 0, top = 0] = await page.evaluate(() => [window.scrollX, window.scrollY]);
            const { data } = await devtools.send('Page.captureScreenshot', {
              format: 'png',
              clip: { ...clip, x: clip.x + left, y: clip.y + top, scale: 1 },
              captureBeyondViewport: false,
            });
            return Buffer.from(data, 'base64');
          },
          clips: true,
        },
        async (address) => {
          await page.goto(address);
        },
        pages,
      );
      for (const address of pages)
        expect(report.stops[address]?.length, `stops measured on ${address}`).toBeGreaterThan(0);
      expect(report.invisible, 'stops that change no pixel when focused').toEqual([]);
      expect(report.underMeasure, 'stops under WCAG 2.4.13: less than 2 px around at 3:1').toEqual(
        [],
      );
    });
  });
}
