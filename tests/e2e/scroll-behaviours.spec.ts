import { SCROLLING_CLASS_DELAY_MS } from '@/lib/scroll';
import { expect, test, waitForScrollEnd } from './fixtures';

test('the back-to-top button appears after 500 px and brings the visitor back up', async ({
  page,
}) => {
  await page.goto('/en');
  const button = page.getByRole('button', { name: 'Back to the top of the page' });
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 480));
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 520));
  await expect(button).toBeVisible();
  await button.click();
  await waitForScrollEnd(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test('a 2 px progress bar at the top follows the scroll position', async ({ page }) => {
  await page.goto('/fr');
  const bar = page.getByTestId('scroll-progress');
  await expect(bar).toHaveCSS('height', '2px');
  await expect(bar).toHaveCSS('top', '0px');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(() => bar.evaluate((element) => element.getBoundingClientRect().width))
    .toBeGreaterThan(1200);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect
    .poll(() => bar.evaluate((element) => element.getBoundingClientRect().width))
    .toBeLessThan(1);
});

test('the body carries a scrolling class while scrolling, removed 100 ms after it stops', async ({
  page,
}) => {
  // The page's timers on an injected clock, which only the test moves.
  await page.clock.install();
  await page.goto('/fr');
  await page.clock.pauseAt(Date.now() + 60_000);
  const body = page.locator('body');
  await page.evaluate(() => window.scrollBy({ top: 300, behavior: 'instant' }));
  await expect(body).toHaveClass(/\bscrolling\b/);
  // The class goes SCROLLING_CLASS_DELAY_MS after the last scroll event, not a moment earlier.
  await page.clock.runFor(SCROLLING_CLASS_DELAY_MS - 1);
  expect(await body.getAttribute('class')).toMatch(/\bscrolling\b/);
  await page.clock.runFor(1);
  expect((await body.getAttribute('class')) ?? '').not.toMatch(/\bscrolling\b/);
});

test.describe('reveal on scroll', () => {
  test('hidden blocks fade in as they come into view', async ({ page }) => {
    await page.goto('/fr');
    const hidden = page.locator('.reveal').last();
    await expect(hidden).not.toHaveClass(/is-visible/);
    await expect(hidden).toHaveCSS('opacity', '0');
    await hidden.scrollIntoViewIfNeeded();
    await expect(hidden).toHaveClass(/is-visible/);
    await expect(hidden).toHaveCSS('opacity', '1');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('nothing is hidden', async ({ page }) => {
      await page.goto('/fr');
      const opacities = await page
        .locator('.reveal')
        .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).opacity));
      expect(opacities.length).toBeGreaterThan(0);
      expect(new Set(opacities)).toEqual(new Set(['1']));
    });
  });

  test.describe('with reduced motion', () => {
    test('nothing is hidden or animated', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/fr');
      const opacities = await page
        .locator('.reveal')
        .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).opacity));
      expect(new Set(opacities)).toEqual(new Set(['1']));
    });
  });
});
