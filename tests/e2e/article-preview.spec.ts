import AxeBuilder from '@axe-core/playwright';
import { e2eRevalidateSecret } from '../../playwright.config';
import { expect, test } from './fixtures';

/** What an editor does with a preview link from the Sheet's menu (integrations/google-sheets). */
async function draftPreviewPath(request: import('@playwright/test').APIRequestContext) {
  const response = await request.get('/api/articles/report', {
    headers: { authorization: `Bearer ${e2eRevalidateSecret}` },
  });
  expect(response.status()).toBe(200);
  const report = (await response.json()) as {
    rows: { title: string; published: boolean; previewUrl: string | null }[];
  };
  const draft = report.rows.find((row) => row.title === 'Brouillon interne');
  expect(draft?.published).toBe(false);
  const url = new URL(draft?.previewUrl ?? '');
  return `${url.pathname}${url.search}`;
}

test.describe('previewing a draft', () => {
  test('the draft shows under its banner, in French then in English, with no accessibility problem', async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(await draftPreviewPath(request));
    const banner = page.getByRole('complementary', { name: 'Aperçu — non publié' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Cette page n’est visible qu’avec ce lien.');
    await expect(page.getByRole('heading', { level: 1, name: 'Brouillon interne' })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // The language toggle keeps the preview link's token: the English preview, not a 404.
    await page.getByRole('banner').getByTestId('language-toggle').first().click();
    await expect(page).toHaveURL(/\/en\/blog\/brouillon-interne\?preview=[\w-]{32}$/);
    await expect(
      page.getByRole('complementary', { name: 'Preview — not published' }),
    ).toBeVisible();
  });

  test('without the token the draft is not found', async ({ page }) => {
    const response = await page.goto('/fr/blog/brouillon-interne');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Article non trouvé' })).toBeVisible();
    await expect(page.getByText('Aperçu — non publié')).toHaveCount(0);
  });
});
