import { expect, test } from './fixtures';
import { axe } from './axe';

const site = 'https://www.sorel-aubry-avocats.fr';

test.describe('reading the news', () => {
  test('the tag filter narrows the list with plain links, and All resets it', async ({ page }) => {
    await page.goto('/fr/actualites');
    const list = page.getByTestId('article-list');
    await expect(
      list.getByRole('heading', { name: 'Congés payés et arrêt maladie' }),
    ).toBeVisible();
    await expect(page.getByText('Brouillon interne')).toHaveCount(0);

    const filter = page.getByRole('navigation', { name: 'Filtrer par tag' });
    await filter.getByRole('link', { name: 'Rupture du contrat', exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/actualites\?tag=Rupture\+du\+contrat$/);
    await expect(list.locator(':scope > li')).toHaveCount(1);
    await expect(
      list.getByRole('heading', {
        name: 'Rupture conventionnelle\u00a0: la contribution patronale',
      }),
    ).toBeVisible();
    await expect(filter.getByRole('link', { name: 'Rupture du contrat' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await filter.getByRole('link', { name: 'Tous', exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/actualites$/);
    await expect(list.locator(':scope > li')).toHaveCount(12);
  });

  test('a tag typed with a straight apostrophe shows a typographic one and still filters', async ({
    page,
  }) => {
    await page.goto('/fr/blog/transparence-des-remunerations-preparer-la-directive-europeenne');
    const tag = page.getByRole('link', { name: 'Index d\u2019égalité', exact: true });
    await expect(tag).toHaveAttribute('href', "/fr/blog?tag=Index%20d'%C3%A9galit%C3%A9");
    await tag.click();
    const list = page.getByTestId('article-list');
    await expect(list.locator(':scope > li')).toHaveCount(1);
    await expect(
      page
        .getByRole('navigation', { name: 'Filtrer par tag' })
        .getByRole('link', { name: 'Index d\u2019égalité', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a tag with more than 12 articles pages with links', async ({ page }) => {
    await page.goto('/en/blog?tag=Veille');
    const list = page.getByTestId('article-list');
    await expect(list.locator(':scope > li')).toHaveCount(12);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/en\/blog\?tag=Veille&page=2$/);
    await expect(list.locator(':scope > li')).toHaveCount(1);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
  });

  test('an article opens from the list, in English, with its share links', async ({ page }) => {
    await page.goto('/en/blog');
    await page.getByRole('link', { name: 'Read the article: Paid leave and sick leave' }).click();
    await expect(page).toHaveURL(/\/en\/blog\/conges-payes-et-arret-maladie$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paid leave and sick leave');
    await expect(page).toHaveTitle('Paid leave and sick leave — Sorel Aubry Avocats');
    await expect(page.getByText('25 April 2024')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tags' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the news', exact: true })).toHaveAttribute(
      'href',
      '/en/blog',
    );

    const url = `${site}/en/blog/conges-payes-et-arret-maladie`;
    const share = page.getByTestId('share-links');
    await expect(page.getByRole('heading', { name: 'Partager cet article' })).toBeVisible();
    const linkedin = share.getByRole('link', { name: /LinkedIn/ });
    await expect(linkedin).toHaveAttribute(
      'href',
      `https://www.linkedin.com/shareArticle?mini=true&url=${encodeURIComponent(url)}&title=${encodeURIComponent('Paid leave and sick leave')}`,
    );
    await expect(share.getByRole('link', { name: /X \(Twitter\)/ })).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?text=${encodeURIComponent('Paid leave and sick leave')}&url=${encodeURIComponent(url)}`,
    );
    await expect(share.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    for (const link of await share.locator('a[target="_blank"]').all())
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(share.locator('a[target="_blank"]')).toHaveCount(3);

    const mail = new URL(
      (await share.getByRole('link', { name: 'Send by e-mail' }).getAttribute('href')) ?? '',
    );
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe(
      'Article à lire\u00a0: Paid leave and sick leave',
    );
    expect(mail.searchParams.get('body')).toContain('Je vous invite à lire cet article');
    expect(mail.searchParams.get('body')).toContain(url);

    const helpers = page.getByRole('navigation', { name: 'Continue your visit' });
    await expect(helpers.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en/');
    await expect(helpers.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/en/#contact',
    );
  });

  test('hostile markdown runs no script and renders no unsafe link or image', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto('/fr/blog/contenu-piege');
    expect(response?.status()).toBe(200);
    const body = page.getByTestId('article-body');
    await expect(body.getByText('Fin du texte.')).toBeVisible();
    // The raw HTML is dropped, not rendered.
    await expect(body.locator('script, img[onerror], [onerror]')).toHaveCount(0);
    await expect(page.locator('img[src="x"], img[src^="data:"]')).toHaveCount(0);
    await expect(page.locator('a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);
    // The link texts stay as text; the safe link stays a link, opened safely.
    await expect(body.getByText('lien javascript')).toBeVisible();
    await expect(body.getByRole('link', { name: 'lien sûr' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    for (const text of ['lien javascript', 'lien data']) {
      const link = body.getByRole('link', { name: text });
      await expect(link).toHaveCount(0);
    }
    await body.getByText('lien javascript').click();
    expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const html = await (await page.request.get('/fr/blog/contenu-piege')).text();
    expect(html).not.toContain('__pwned');
  });

  test('list and article pages have no serious accessibility violations', async ({ page }) => {
    for (const path of ['/fr/blog', '/en/actualites/conges-payes-et-arret-maladie']) {
      await page.goto(path);
      const { violations } = await axe(page).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, `${path}: ${serious.map((v) => v.id).join(', ')}`).toEqual([]);
    }
  });

  test('a draft is a 404 page', async ({ page }) => {
    const response = await page.goto('/fr/blog/brouillon-interne');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Brouillon interne')).toHaveCount(0);
  });
});
