import { expect, test, topOffset, waitForScrollEnd } from './fixtures';

test('a header link scrolls smoothly to its section, 80 px below the top, and updates the history', async ({
  page,
}) => {
  await page.goto('/fr');
  await page
    .getByRole('banner')
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: 'Contact' })
    .click();
  await waitForScrollEnd(page);
  await expect
    .poll(async () => Math.abs((await topOffset(page, '#contact')) - 80))
    .toBeLessThanOrEqual(2);
  await expect(page).toHaveURL(/\/fr#contact$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/fr$/);
});

test('an address with a #hash scrolls there after load, 80 px below the top', async ({ page }) => {
  await page.goto('/en#presse');
  await waitForScrollEnd(page);
  await expect
    .poll(async () => Math.abs((await topOffset(page, '#presse')) - 80))
    .toBeLessThanOrEqual(2);
});

test('from another page, a section link loads the home page at that section', async ({ page }) => {
  await page.goto('/en/mentions-legales');
  await page
    .getByRole('banner')
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: 'Team' })
    .click();
  await expect(page).toHaveURL(/\/en\/#a-propos$/);
  await waitForScrollEnd(page);
  await expect
    .poll(async () => Math.abs((await topOffset(page, '#a-propos')) - 80))
    .toBeLessThanOrEqual(2);
});

test('with reduced motion the jump is immediate', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/fr');
  await page
    .getByRole('banner')
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: 'Distinctions' })
    .click();
  // No animation: the very next frame already shows the section in place.
  expect(Math.abs((await topOffset(page, '#presse')) - 80)).toBeLessThanOrEqual(2);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('anchors still land below the fixed header', async ({ page }) => {
    await page.goto('/fr#contact');
    expect(Math.abs((await topOffset(page, '#contact')) - 80)).toBeLessThanOrEqual(2);
  });
});
