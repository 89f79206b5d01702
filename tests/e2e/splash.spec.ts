import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ splashSeen: false });

/** Records in the page whether the splash is ever put into the document, even for an instant. */
async function watchForSplash(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const record = window as unknown as { __splashAppeared?: boolean };
    record.__splashAppeared = false;
    const isSplash = (node: Node) =>
      node instanceof Element &&
      (node.matches('[data-testid="splash"]') || !!node.querySelector('[data-testid="splash"]'));
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        if (Array.from(mutation.addedNodes).some(isSplash)) record.__splashAppeared = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

async function splashAppeared(page: Page): Promise<boolean> {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () => (window as unknown as { __splashAppeared?: boolean }).__splashAppeared === true,
  );
}

test('the splash greets a new visitor once per browser session, without a flash afterwards', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await watchForSplash(context);
  await page.goto('/fr');
  const splash = page.getByRole('dialog', { name: 'Bienvenue chez Sorel Aubry Avocats' });
  await expect(splash).toBeVisible();
  await expect(splash).toContainText(
    'Nous maîtrisons les détails. Pour que vous n’ayez pas à le faire.',
  );
  await expect(splash).toContainText('Cabinet d’avocats dédié au droit social');
  expect(await splashAppeared(page), 'the watcher sees the splash of a first visit').toBe(true);
  const enter = splash.getByRole('button', { name: 'Entrer sur le site' });
  await expect(enter).toBeFocused();
  await enter.click();
  await expect(splash).toBeHidden();

  // Entering the site sets a session cookie (no expiry), Lax, for the whole site.
  const cookie = (await context.cookies()).find((c) => c.name === 'sa-session');
  expect(cookie).toMatchObject({
    value: 'splash-seen',
    path: '/',
    expires: -1,
    sameSite: 'Lax',
    httpOnly: false,
  });

  await page.reload();
  expect(await splashAppeared(page), 'the splash flashed after a reload').toBe(false);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Another tab of the same browser session: the session is already entered.
  const other = await context.newPage();
  await other.goto('/en');
  expect(await splashAppeared(other), 'the splash flashed in another tab').toBe(false);
  await expect(other.getByRole('dialog')).toHaveCount(0);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

  // A new browser session greets the visitor again.
  const fresh = await browser.newContext({ baseURL });
  try {
    const newcomer = await fresh.newPage();
    await newcomer.goto('/en');
    await expect(
      newcomer.getByRole('dialog', { name: 'Welcome to Sorel Aubry Avocats' }),
    ).toBeVisible();
    await expect(newcomer.getByRole('button', { name: 'Enter the site' })).toBeVisible();
  } finally {
    await fresh.close();
  }
});

test('Escape dismisses the splash', async ({ page }) => {
  await page.goto('/en');
  const splash = page.getByRole('dialog', { name: 'Welcome to Sorel Aubry Avocats' });
  await expect(splash).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(splash).toBeHidden();
  expect((await page.context().cookies()).map((c) => `${c.name}=${c.value}`)).toContain(
    'sa-session=splash-seen',
  );
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the splash offers the other language', async ({ page }) => {
  await page.goto('/fr');
  const splash = page.getByRole('dialog', { name: 'Bienvenue chez Sorel Aubry Avocats' });
  await expect(splash.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en');
});

test('the splash is only on the home page', async ({ page }) => {
  await page.goto('/fr/mentions-legales');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('no splash stands in the way', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('on a phone, first visit', () => {
  test.use({ consentStored: false, viewport: { width: 412, height: 823 } });
  for (const locale of ['fr', 'en'] as const)
    test(`neither the splash nor the cookie banner becomes the largest paint (${locale})`, async ({
      page,
    }) => {
      // Every largest-contentful-paint candidate of the load, with where its element sits.
      await page.addInitScript(() => {
        const record = window as unknown as { __lcp: string[] };
        record.__lcp = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            element: Element | null;
          })[]) {
            const element = entry.element;
            record.__lcp.push(
              !element
                ? 'removed'
                : element.closest('[data-later-paint]')
                  ? 'later paint'
                  : element.closest('[data-testid="splash"]')
                    ? 'splash'
                    : element.closest('[data-testid="consent-banner"]')
                      ? 'banner'
                      : `page: ${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 30) ?? ''}`,
            );
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`/${locale}`);
      // Both are on show: the splash after hydration, the banner after its 1.5 s delay.
      await expect(page.getByTestId('splash')).toBeVisible();
      await expect(page.getByTestId('consent-banner')).toBeVisible();
      // The sign that their paints have been reported: a larger paint made after them, in a
      // frame of its own, is (the browser reports candidates in the order it paints them).
      await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const later = document.createElement('p');
        later.dataset.laterPaint = '';
        Object.assign(later.style, {
          position: 'fixed',
          inset: '0',
          margin: '0',
          fontSize: '48px',
        });
        later.textContent = 'Largest paint. '.repeat(300);
        document.body.append(later);
      });
      const reported = () => page.evaluate(() => (window as unknown as { __lcp: string[] }).__lcp);
      await expect.poll(reported).toContain('later paint');
      const candidates = (await reported()).filter((c) => c !== 'later paint');
      expect(candidates.length, 'the page reported a largest paint').toBeGreaterThan(0);
      expect(
        candidates.filter((c) => c === 'splash' || c === 'banner'),
        candidates.join(' | '),
      ).toEqual([]);
    });
});
