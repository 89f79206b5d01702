import { test as base, expect, type Page } from '@playwright/test';

export const SPLASH_STORAGE_KEY = 'sa-splash-dismissed';

/**
 * The visitor of most tests has already entered the site in this browser session (no splash).
 * Tests about the splash set `splashSeen: false`.
 */
export const test = base.extend<{ splashSeen: boolean }>({
  splashSeen: [true, { option: true }],
  page: async ({ page, splashSeen }, use) => {
    if (splashSeen) {
      await page.addInitScript(
        (key) => window.sessionStorage.setItem(key, '1'),
        SPLASH_STORAGE_KEY,
      );
    }
    await use(page);
  },
});

export { expect };

/** The distance between an element's top and the viewport's top, in CSS pixels. */
export async function topOffset(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);
}

/** Waits until scrolling has settled (smooth scrolling takes a few frames). */
export async function waitForScrollEnd(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const start = window.scrollY;
        setTimeout(() => resolve(window.scrollY === start), 200);
      }),
    undefined,
    { timeout: 10_000 },
  );
}
