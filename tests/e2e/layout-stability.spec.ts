import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 7: CLS <= 0.01 on every kind of page. Layout shifts are measured in the real load, not
// simulated, so a browser test can guard them: each page is loaded on a phone (Lighthouse's
// mobile screen) and on a desktop, fonts and images included, and every shift the browser
// reports until the page has settled is added up.
const MAX_CLS = 0.01;

const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const desktop = { viewport: { width: 1350, height: 940 } };

/** The page's cumulative layout shift once it has loaded, hydrated and drawn its fonts. */
async function cumulativeLayoutShift(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
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
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(
    () =>
      new Promise<{ total: number; shifted: string[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node }[];
          }[];
          const counted = shifts.filter((shift) => !shift.hadRecentInput);
          resolve({
            total: counted.reduce((sum, shift) => sum + shift.value, 0),
            shifted: counted.flatMap((shift) =>
              shift.sources.map((source) => source.node?.textContent?.slice(0, 60) ?? '?'),
            ),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // A page that never shifted has no entry, and the observer above never calls back.
        setTimeout(() => resolve({ total: 0, shifted: [] }), 500);
      }),
  );
}

async function firstArticle(page: Page, locale: 'fr' | 'en') {
  const html = await (await page.request.get(`/${locale}/actualites`)).text();
  const path = html.match(new RegExp(`href="(/${locale}/blog/[^"?#]+)"`))?.[1];
  if (!path) throw new Error(`no article listed on /${locale}/actualites`);
  return path;
}

const pages = [
  '/fr',
  '/en',
  '/fr/helene-sorel',
  '/en/julien-aubry',
  '/fr/actualites',
  '/en/blog',
  '/fr/mentions-legales',
  '/en/politique-confidentialite',
];

for (const [device, options] of [
  ['phone', phone],
  ['desktop', desktop],
] as const)
  test.describe(`layout stability (${device})`, () => {
    test.use(options);

    for (const path of pages)
      test(`${path}: CLS <= ${MAX_CLS}`, async ({ page }) => {
        const { total, shifted } = await cumulativeLayoutShift(page, path);
        expect(total, `shifted: ${shifted.join(' | ')}`).toBeLessThanOrEqual(MAX_CLS);
      });

    for (const locale of ['fr', 'en'] as const)
      test(`an article page (${locale}): CLS <= ${MAX_CLS}`, async ({ page }) => {
        const { total, shifted } = await cumulativeLayoutShift(
          page,
          await firstArticle(page, locale),
        );
        expect(total, `shifted: ${shifted.join(' | ')}`).toBeLessThanOrEqual(MAX_CLS);
      });

    test.describe('first visit: the cookie banner appears', () => {
      test.use({ consentStored: false });
      test(`/fr with the cookie banner: CLS <= ${MAX_CLS}`, async ({ page }) => {
        const { total, shifted } = await cumulativeLayoutShift(page, '/fr');
        await expect(page.getByRole('button', { name: 'Tout accepter' })).toBeVisible();
        expect(total, `shifted: ${shifted.join(' | ')}`).toBeLessThanOrEqual(MAX_CLS);
      });
    });
  });
