import { expect, test } from './fixtures';

test.use({ splashSeen: false });

test('the splash greets a new visitor once per browser session', async ({ page, context }) => {
  await page.goto('/fr');
  const splash = page.getByRole('dialog', { name: 'Bienvenue chez Sorel Aubry Avocats' });
  await expect(splash).toBeVisible();
  await expect(splash).toContainText(
    'Nous maîtrisons les détails. Pour que vous n’ayez pas à le faire.',
  );
  await expect(splash).toContainText('Cabinet d’avocats dédié au droit social');
  const enter = splash.getByRole('button', { name: 'Entrer sur le site' });
  await expect(enter).toBeFocused();
  await enter.click();
  await expect(splash).toBeHidden();

  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Another tab of the same session shares nothing: sessionStorage is per tab, as for any new visit.
  const other = await context.newPage();
  await other.goto('/en');
  await expect(other.getByRole('dialog', { name: 'Welcome to Sorel Aubry Avocats' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Enter the site' })).toBeVisible();
});

test('Escape dismisses the splash', async ({ page }) => {
  await page.goto('/en');
  const splash = page.getByRole('dialog', { name: 'Welcome to Sorel Aubry Avocats' });
  await expect(splash).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(splash).toBeHidden();
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
