import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { firstArticlePath, measuredPages } from '../../harness/measured-pages.mjs';

// Issue 7: CLS <= 0.01 on every kind of page. Layout shifts are measured in the real load, not
// simulated, so a browser test can guard them: each page is loaded on a phone (Lighthouse's
// mobile screen) and on a desktop, fonts and images included, and every shift the browser
// reports until the page has settled is added up.
//
// On a slow network the web fonts often arrive after the first paint (they are not preloaded:
// app/fonts.ts). Until then the text is drawn in a local font scaled to their metrics
// (app/font-fallbacks.css), so the swap must not move the page either: the second group of tests
// holds the fonts back until the first screen is on show in the fallback faces.
const MAX_CLS = 0.01;

const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const desktop = { viewport: { width: 1350, height: 940 } };

const painted = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

/**
 * Holds every web font back until the returned function is called, and reports whether the
 * page's text and heading fonts have been drawn yet.
 */
async function holdFonts(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.woff2', async (route) => {
    await held;
    await route.continue();
  });
  const loaded = () =>
    page.evaluate(() =>
      ['body', 'h1'].map((selector) => {
        const family = getComputedStyle(document.querySelector(selector)!).fontFamily;
        return document.fonts.check(`16px ${family.split(',')[0]}`, 'Aé');
      }),
    );
  return { release, loaded };
}

/** Loads the page and waits until it has hydrated, drawn its fonts and its images. */
async function loadAndSettle(page: Page, path: string, options = { lateFonts: false }) {
  const fonts = options.lateFonts ? await holdFonts(page) : undefined;
  const response = await page.goto(path, fonts && { waitUntil: 'domcontentloaded' });
  expect(response?.status()).toBe(200);
  if (fonts) {
    await painted(page);
    // The first screen is on show in the fallback faces: neither web font is there yet.
    expect(await fonts.loaded()).toEqual([false, false]);
    fonts.release();
    await expect.poll(fonts.loaded).toEqual([true, true]);
  }
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((image) => image.loading !== 'lazy')
          .every((image) => image.complete),
      ),
    )
    .toBe(true);
}

/**
 * Every layout shift of the page so far, added up. A shift's entry is queued in the frame that
 * draws it, so once a frame is drawn after the page settled, the entries are all there: a
 * buffered observer's `takeRecords` reads them at once (its callback would come in a later task,
 * and a page that never shifted has no entry to wait for).
 */
async function layoutShiftSoFar(page: Page) {
  await painted(page);
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = observer.takeRecords() as unknown as {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node }[];
    }[];
    observer.disconnect();
    const counted = shifts.filter((shift) => !shift.hadRecentInput);
    return {
      total: counted.reduce((sum, shift) => sum + shift.value, 0),
      shifted: counted.flatMap((shift) =>
        shift.sources.map((source) => source.node?.textContent?.slice(0, 60) ?? '?'),
      ),
    };
  });
}

/** The page's cumulative layout shift once it has loaded, hydrated and drawn its fonts. */
async function cumulativeLayoutShift(page: Page, path: string, options = { lateFonts: false }) {
  await loadAndSettle(page, path, options);
  return layoutShiftSoFar(page);
}

async function firstArticle(baseURL: string | undefined, locale: 'fr' | 'en') {
  const path = await firstArticlePath(baseURL ?? '', locale);
  if (!path) throw new Error(`no article listed on /${locale}/actualites`);
  return path;
}

for (const [device, options] of [
  ['phone', phone],
  ['desktop', desktop],
] as const)
  test.describe(`layout stability (${device})`, () => {
    test.use(options);

    for (const path of measuredPages)
      test(`${path}: CLS <= ${MAX_CLS}`, async ({ page }) => {
        const { total, shifted } = await cumulativeLayoutShift(page, path);
        expect(total, `shifted: ${shifted.join(' | ')}`).toBeLessThanOrEqual(MAX_CLS);
      });

    for (const locale of ['fr', 'en'] as const)
      test(`an article page (${locale}): CLS <= ${MAX_CLS}`, async ({ page, baseURL }) => {
        const { total, shifted } = await cumulativeLayoutShift(
          page,
          await firstArticle(baseURL, locale),
        );
        expect(total, `shifted: ${shifted.join(' | ')}`).toBeLessThanOrEqual(MAX_CLS);
      });

    for (const path of [...measuredPages, 'an article (fr)', 'an article (en)'])
      test(`${path}, fonts arriving after the first paint: CLS <= ${MAX_CLS}`, async ({
        page,
        baseURL,
      }) => {
        const locale = path.match(/^an article \((fr|en)\)$/)?.[1] as 'fr' | 'en' | undefined;
        const { total, shifted } = await cumulativeLayoutShift(
          page,
          locale ? await firstArticle(baseURL, locale) : path,
          { lateFonts: true },
        );
        expect(total, `shifted: ${shifted.join(' | ')}`).toBeLessThanOrEqual(MAX_CLS);
      });

    test.describe('first visit: the cookie banner appears', () => {
      test.use({ consentStored: false });
      test(`/fr with the cookie banner: CLS <= ${MAX_CLS}`, async ({ page }) => {
        await loadAndSettle(page, '/fr');
        // The banner appears after its delay: the shifts are read once it is on show.
        await expect(page.getByRole('button', { name: 'Tout accepter' })).toBeVisible();
        const { total, shifted } = await layoutShiftSoFar(page);
        expect(total, `shifted: ${shifted.join(' | ')}`).toBeLessThanOrEqual(MAX_CLS);
      });
    });
  });
