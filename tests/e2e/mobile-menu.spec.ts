import { expect, test, topOffset, waitForScrollEnd } from './fixtures';

test.use({ viewport: { width: 375, height: 740 } });

test('below the md breakpoint a burger opens a full-screen menu that traps focus', async ({
  page,
}) => {
  await page.goto('/fr');
  const banner = page.getByRole('banner');
  const burger = banner.locator('button[aria-controls="mobile-menu"]');
  await expect(burger).toHaveAccessibleName('Ouvrir le menu');
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  // The desktop navigation is hidden on a phone.
  await expect(banner.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);

  await burger.click();
  const menu = page.getByRole('dialog', { name: 'Navigation principale' });
  await expect(menu).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(burger).toHaveAccessibleName('Fermer le menu');
  const box = await menu.boundingBox();
  expect(box?.width).toBe(375);
  expect(box?.height).toBe(740);

  const links = menu.getByRole('link');
  // The toggle's text includes its screen-reader half: its accessible name says where it goes.
  await expect(links).toHaveText([
    'FR / EN — Read this page in English',
    'Accueil',
    'Équipe',
    'Expertises',
    'Distinctions',
    'Actualités',
    'Contact',
  ]);
  await expect(links.first()).toBeFocused();
  // Tab goes round inside the menu: toggle, close, six links; past the last, the browser's own
  // controls (the page has no focus: a modal dialog lets a keyboard reach the address bar), then
  // the toggle again. No Tab ever reaches the page behind.
  const focusInMenu = () =>
    page.evaluate(() =>
      document.hasFocus() ? !!document.activeElement?.closest('#mobile-menu') : 'browser',
    );
  for (let i = 0; i < 7; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInMenu()).toBe(true);
  }
  await expect(menu.getByRole('link', { name: 'Contact' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await focusInMenu()).toBe('browser');
  await page.keyboard.press('Tab');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(menu.getByRole('link', { name: 'Contact' })).toBeFocused();

  // The page behind is inert (nothing there takes the focus) and still under the wheel: the
  // page receives the wheel, and two frames later (a scroll it started would have begun) it
  // has not moved.
  const behind = page.locator('#main a[href]').first();
  await behind.evaluate((link: HTMLElement) => link.focus());
  await expect(behind).not.toBeFocused();
  await page.evaluate(() =>
    window.addEventListener(
      'wheel',
      () =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => document.documentElement.setAttribute('data-wheeled', '')),
        ),
      { once: true, passive: true },
    ),
  );
  await page.mouse.wheel(0, 600);
  await expect(page.locator('html')).toHaveAttribute('data-wheeled');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  // The same wheel, the menu closed, scrolls the page: it was the menu that held it still.
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('choosing an entry closes the menu and goes to the section', async ({ page }) => {
  await page.goto('/en');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Main navigation' });
  await menu.getByRole('link', { name: 'Distinctions' }).click();
  await expect(menu).toBeHidden();
  await waitForScrollEnd(page);
  await expect
    .poll(async () => Math.abs((await topOffset(page, '#presse')) - 80))
    .toBeLessThanOrEqual(2);
});

test('the close button closes the menu', async ({ page }) => {
  await page.goto('/en/mentions-legales');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close the menu' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('widening the window past the md breakpoint closes the menu and frees the page', async ({
  page,
}) => {
  await page.goto('/en');
  // The burger itself is not drawn from md up: find it by what it controls.
  const burger = page.locator('button[aria-controls="mobile-menu"]');
  await burger.click();
  await expect(page.getByRole('dialog', { name: 'Main navigation' })).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 740 });
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  const behind = page.locator('#main a[href]').first();
  await behind.focus();
  await expect(behind).toBeFocused();
});
