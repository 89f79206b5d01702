import { expect, test, topOffset, waitForScrollEnd } from './fixtures';

const labels = {
  fr: ['Accueil', 'Équipe', 'Expertises', 'Distinctions', 'Actualités', 'Contact'],
  en: ['Home', 'Team', 'Expertise', 'Distinctions', 'News', 'Contact'],
};

for (const locale of ['fr', 'en'] as const) {
  test(`header navigation labels and links in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/mentions-legales`);
    const nav = page.getByRole('banner').getByRole('navigation').first();
    await expect(nav.getByRole('link')).toHaveText(labels[locale]);
    const hrefs = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual([
      `/${locale}/`,
      `/${locale}/#a-propos`,
      `/${locale}/#intro`,
      `/${locale}/#presse`,
      `/${locale}/actualites`,
      `/${locale}/#contact`,
    ]);
  });
}

test('Home leads to the language-prefixed home; there it scrolls back up without a reload', async ({
  page,
}) => {
  await page.goto('/en/helene-sorel');
  const nav = page.getByRole('banner').getByRole('navigation').first();
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/We master the details/);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });

  await page.evaluate(() => {
    (window as unknown as { __samePage?: boolean }).__samePage = true;
    window.scrollTo(0, 2000);
  });
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  await nav.getByRole('link', { name: 'Home' }).click();
  await waitForScrollEnd(page);
  await expect
    .poll(async () => Math.abs((await topOffset(page, '#accueil')) - 80))
    .toBeLessThanOrEqual(2);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'location');
  expect(
    await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
  ).toBe(true);
});

test('the footer links to /blog, the legal pages and the firm’s network page', async ({ page }) => {
  await page.goto('/en');
  const footer = page.getByTestId('site-footer');
  await expect(footer.getByRole('link', { name: 'News' })).toHaveAttribute('href', '/blog');
  await expect(footer.getByTestId('legal-links').getByRole('link')).toHaveText([
    'Legal notice',
    'Privacy policy',
    'Cookie policy',
  ]);
  await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/company/sorel-aubry-avocats',
  );
  // From the site's opening to this year in Paris, whatever year the test runs in.
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', year: 'numeric' }).format(
    new Date(),
  );
  await expect(footer).toContainText(
    `© ${year === '2025' ? '2025' : `2025–${year}`} Sorel Aubry Avocats. All rights reserved.`,
  );
  await expect(footer).toContainText('18 rue de Miromesnil, 75008 Paris');
});

test('the header turns solid white with a shadow and a smaller logo past 20 px', async ({
  page,
}) => {
  await page.goto('/fr');
  const header = page.getByTestId('site-header');
  const logo = header.getByTestId('site-logo');
  await expect(header).toHaveAttribute('data-solid', 'false');
  const tallLogo = (await logo.boundingBox())?.height ?? 0;

  await page.evaluate(() => window.scrollTo(0, 15));
  await expect(header).toHaveAttribute('data-solid', 'false');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-solid', 'true');
  await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(header).not.toHaveCSS('box-shadow', 'none');
  await expect.poll(async () => (await logo.boundingBox())?.height ?? 0).toBeLessThan(tallLogo);
});

test('on the home page the header highlights the section nearest the scroll position', async ({
  page,
}) => {
  await page.goto('/en');
  const nav = page.getByRole('banner').getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'location');
  await page
    .locator('#presse')
    .evaluate((element) =>
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 90),
    );
  await expect(nav.getByRole('link', { name: 'Distinctions' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expect(nav.locator('[aria-current]')).toHaveCount(1);
  // 100 px detection offset: a section whose top is still 110 px below the viewport top is not yet current.
  await page
    .locator('#contact')
    .evaluate((element) =>
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 110),
    );
  await expect(nav.getByRole('link', { name: 'Contact' })).not.toHaveAttribute(
    'aria-current',
    'location',
  );
});

test('no section is highlighted on other pages', async ({ page }) => {
  await page.goto('/fr/helene-sorel');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(page.getByRole('banner').locator('[aria-current]')).toHaveCount(0);
});
