import { expect, test } from './fixtures';

const toggle = (page: import('@playwright/test').Page) =>
  page.getByRole('banner').getByTestId('language-toggle').first();

test.describe('the FR/EN toggle swaps the language prefix', () => {
  for (const [from, to] of [
    ['/', '/en'],
    ['/fr', '/en'],
    ['/en', '/fr'],
    ['/mentions-legales', '/en/mentions-legales'],
    ['/fr/politique-cookies', '/en/politique-cookies'],
    ['/en/julien-aubry', '/fr/julien-aubry'],
    ['/actualites', '/en/actualites'],
    ['/en/blog', '/fr/blog'],
  ] as const) {
    test(`${from} → ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(toggle(page)).toHaveAttribute('href', to);
      await toggle(page).click();
      await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
    });
  }

  test('its accessible name begins with the text it shows (WCAG 2.5.3)', async ({ page }) => {
    await page.goto('/fr/mentions-legales');
    await expect(toggle(page)).toHaveText(/^FR \/ EN/);
    await expect(toggle(page)).toHaveAccessibleName('FR / EN — Read this page in English');
    await page.goto('/en');
    await expect(toggle(page)).toHaveAccessibleName('FR / EN — Lire cette page en français');
  });

  test('a prefixed path keeps its #anchor', async ({ page }) => {
    await page.goto('/fr/politique-confidentialite#droits');
    await toggle(page).click();
    await expect(page).toHaveURL(/\/en\/politique-confidentialite#droits$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an unprefixed path gets the new prefix and keeps its #anchor', async ({ page }) => {
    await page.goto('/helene-sorel#contact');
    await toggle(page).click();
    await expect(page).toHaveURL(/\/en\/helene-sorel#contact$/);
  });

  test('a filtered list stays filtered in the other language', async ({ page }) => {
    await page.goto('/en/blog?tag=Veille');
    await toggle(page).click();
    await expect(page).toHaveURL(/\/fr\/blog\?tag=Veille$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Veille', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('home goes to the other home, even from a section', async ({ page }) => {
    await page.goto('/en#presse');
    await toggle(page).click();
    await expect(page).toHaveURL(/\/fr$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the toggle is a plain link that works', async ({ page }) => {
    await page.goto('/fr/mentions-legales');
    await expect(toggle(page)).toHaveAttribute('href', '/en/mentions-legales');
    await toggle(page).click();
    await expect(page).toHaveURL(/\/en\/mentions-legales$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal notice');
  });
});
