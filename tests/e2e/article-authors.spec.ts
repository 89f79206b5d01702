import { axe } from './axe';
import { expect, test } from './fixtures';

const site = 'https://www.sorel-aubry-avocats.fr';
const article = '/fr/blog/conges-payes-et-arret-maladie';

/** The article JSON-LD and the profile's Person share one @id (lib/articles/json-ld.ts). */
const jsonLd = (page: import('@playwright/test').Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.flatMap((s) => [JSON.parse(s.textContent ?? 'null')].flat()));

test.describe('who wrote an article, and what else to read', () => {
  test('the byline leads to the partner’s profile, which lists her articles and a link to all', async ({
    page,
  }) => {
    await page.goto(article);
    const byline = page.getByTestId('article-byline');
    await expect(byline).toHaveText('Par Hélène Sorel');
    await expect(page.getByTestId('law-stated-at')).toHaveText('À jour au 15 janvier 2025');
    const posting = (await jsonLd(page)).find((data) => data['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      author: {
        '@type': 'Person',
        '@id': `${site}/helene-sorel#person`,
        url: `${site}/fr/helene-sorel`,
      },
      datePublished: '2024-04-25',
      dateModified: '2025-01-15',
    });

    await byline.getByRole('link', { name: 'Hélène Sorel' }).click();
    await expect(page).toHaveURL(/\/fr\/helene-sorel$/);
    const person = (await jsonLd(page)).find((data) => data['@type'] === 'Person');
    expect(person?.['@id']).toBe(posting.author['@id']);
    const articles = page.getByTestId('partner-articles');
    await expect(articles.getByRole('heading', { name: 'Derniers articles' })).toBeVisible();
    // Newest first; the article scheduled for later is not there.
    await expect(articles.getByRole('listitem').getByRole('link')).toHaveText([
      'Congés payés\u00a0: le report après un arrêt de travail',
      'Congés payés et arrêt maladie',
      'Transparence des rémunérations\u00a0: préparer la directive européenne',
    ]);
    await articles.getByRole('link', { name: 'Tous les articles signés par Hélène Sorel' }).click();
    await expect(page).toHaveURL(/\/fr\/blog\?auteur=helene-sorel$/);
    await expect(page.getByTestId('author-filter')).toContainText(
      'Articles signés par Hélène Sorel',
    );
    await expect(page.getByTestId('article-list').locator(':scope > li')).toHaveCount(3);
  });

  test('a partner with many articles has only five on the profile, the rest on the list', async ({
    page,
  }) => {
    await page.goto('/en/julien-aubry');
    const articles = page.getByTestId('partner-articles');
    await expect(articles.getByRole('heading', { name: 'Latest articles' })).toBeVisible();
    await expect(articles.getByRole('listitem')).toHaveCount(5);
    await expect(
      articles.getByRole('link', { name: 'All articles by Julien Aubry' }),
    ).toHaveAttribute('href', '/en/blog?auteur=julien-aubry');
  });

  test('the related articles lead to an article, before the share block', async ({ page }) => {
    await page.goto(article);
    const related = page.getByTestId('related-articles');
    await expect(related.getByRole('heading', { name: 'À lire aussi' })).toBeVisible();
    await expect(related.getByRole('listitem')).toHaveCount(1);
    await expect(related).toContainText('Quinze mois pour prendre les congés acquis');
    await expect(related).toContainText('3 juin 2024');
    const order = await page.evaluate(() => {
      const related = document.querySelector('[data-testid="related-articles"]');
      const share = document.getElementById('share-heading');
      return related && share
        ? related.compareDocumentPosition(share) & Node.DOCUMENT_POSITION_FOLLOWING
        : 0;
    });
    expect(order).toBeTruthy();
    await related
      .getByRole('link', { name: 'Congés payés\u00a0: le report après un arrêt de travail' })
      .click();
    await expect(page).toHaveURL(/\/fr\/blog\/conges-payes-le-report-apres-un-arret-de-travail$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Congés payés\u00a0: le report après un arrêt de travail',
    );
    await expect(page.getByTestId('article-byline')).toHaveText('Par Hélène Sorel');
  });

  test('two authors sign in the page’s language, each name to its profile', async ({ page }) => {
    await page.goto('/en/blog/transparence-des-remunerations-preparer-la-directive-europeenne');
    const byline = page.getByTestId('article-byline');
    await expect(byline).toHaveText('By Hélène Sorel and Julien Aubry');
    await expect(byline.getByRole('link', { name: 'Hélène Sorel' })).toHaveAttribute(
      'href',
      '/en/helene-sorel',
    );
    await expect(byline.getByRole('link', { name: 'Julien Aubry' })).toHaveAttribute(
      'href',
      '/en/julien-aubry',
    );
  });

  test('an article scheduled for later is a 404 and in no list', async ({ page }) => {
    const response = await page.goto('/fr/blog/note-programmee-pour-plus-tard');
    expect(response?.status()).toBe(404);
    for (const path of ['/fr/blog?auteur=helene-sorel', '/fr/blog?tag=Cong%C3%A9s+pay%C3%A9s']) {
      await page.goto(path);
      await expect(page.getByTestId('article-list')).toBeVisible();
      await expect(page.getByText('Note programmée pour plus tard')).toHaveCount(0);
    }
  });

  // One test per page, as in accessibility.spec.ts: each within the usual safety net.
  for (const path of [
    article,
    '/en/helene-sorel',
    '/fr/julien-aubry',
    '/en/blog?auteur=julien-aubry',
  ])
    test(`${path} (a byline, related articles or an author’s list) has no serious accessibility violation`, async ({
      page,
    }) => {
      await page.goto(path);
      const { violations } = await axe(page).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, serious.map((v) => v.id).join(', ')).toEqual([]);
    });
});

test.describe('an author’s list without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is a shareable address, paginated, combined with a tag, with the list as canonical', async ({
    page,
  }) => {
    await page.goto('/en/blog?auteur=julien-aubry');
    const list = page.getByTestId('article-list');
    await expect(list.locator(':scope > li')).toHaveCount(12);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}/en/blog`);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/en\/blog\?auteur=julien-aubry&page=2$/);
    await expect(list.locator(':scope > li')).toHaveCount(3);

    // Only the author's tags; a tag keeps the author, "All authors" keeps the tag.
    const tags = page.getByRole('navigation', { name: 'Filter by tag' });
    await expect(tags.getByRole('link', { name: 'Congés payés' })).toHaveCount(0);
    await tags.getByRole('link', { name: 'Rupture du contrat' }).click();
    await expect(page).toHaveURL(/\/en\/blog\?auteur=julien-aubry&tag=Rupture\+du\+contrat$/);
    await expect(list.locator(':scope > li')).toHaveCount(1);
    await page.getByRole('link', { name: 'All authors' }).click();
    await expect(page).toHaveURL(/\/en\/blog\?tag=Rupture\+du\+contrat$/);
    await expect(page.getByTestId('author-filter')).toHaveCount(0);
  });
});
