import { expect, test } from './fixtures';

const pages: { path: string; h1: { fr: string; en: string }; canonical?: string }[] = [
  { path: '/', h1: { fr: 'Nous maîtrisons les détails', en: 'We master the details' } },
  { path: '/helene-sorel', h1: { fr: 'Hélène Sorel', en: 'Hélène Sorel' } },
  { path: '/julien-aubry', h1: { fr: 'Julien Aubry', en: 'Julien Aubry' } },
  // The same list as /blog, which is its canonical address.
  { path: '/actualites', h1: { fr: 'Actualités', en: 'News' }, canonical: '/blog' },
  { path: '/blog', h1: { fr: 'Actualités', en: 'News' } },
  { path: '/mentions-legales', h1: { fr: 'Mentions légales', en: 'Legal notice' } },
  {
    path: '/politique-confidentialite',
    h1: { fr: 'Politique de confidentialité', en: 'Privacy policy' },
  },
  { path: '/politique-cookies', h1: { fr: 'Politique de cookies', en: 'Cookie policy' } },
];

const forms = [
  { prefix: '', locale: 'fr' as const },
  { prefix: '/fr', locale: 'fr' as const },
  { prefix: '/en', locale: 'en' as const },
];

test.describe('every route answers in its three forms, rendered on the server', () => {
  for (const page of pages) {
    for (const form of forms) {
      const url = form.prefix && page.path === '/' ? form.prefix : `${form.prefix}${page.path}`;
      test(`${url} → 200, lang=${form.locale}`, async ({ request }) => {
        const response = await request.get(url, { maxRedirects: 0 });
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html).toMatch(new RegExp(`<html[^>]* lang="${form.locale}"`));
        // The text arrives in the HTML itself, before any script runs.
        expect(html).toContain(page.h1[form.locale]);
        const canonicalPath = page.canonical ?? page.path;
        const canonical = `https://www.sorel-aubry-avocats.fr/${form.locale}${canonicalPath === '/' ? '' : canonicalPath}`;
        expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
      });
    }
  }
});

test.describe('unknown addresses', () => {
  const pageFr = ['404 Page non trouvée', 'Page non trouvée'] as const;
  const pageEn = ['404 Page Not Found', 'Page not found'] as const;
  for (const [url, locale, [title, headTitle]] of [
    ['/page-inexistante', 'fr', pageFr],
    ['/fr/a/b/c', 'fr', pageFr],
    ['/en/nothing-here', 'en', pageEn],
    ['/en/blog/no-such-article', 'en', ['Article not found', 'Article not found']],
    ['/actualites/article-inexistant', 'fr', ['Article non trouvé', 'Article non trouvé']],
    ['/de', 'fr', pageFr],
    // Addresses that look like files still get the site's own not-found page.
    ['/wp-login.php', 'fr', pageFr],
    ['/old-page.html', 'fr', pageFr],
    ['/en/old-page.html', 'en', pageEn],
  ] as const) {
    test(`${url} → 404 with the not-found page in ${locale}`, async ({ request }) => {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));
      expect(html).toContain(title);
      // The tab's title names what is missing, and search engines get one robots rule.
      expect(html).toContain(`<title>${headTitle} — Sorel Aubry Avocats</title>`);
      expect(html.match(/<meta name="robots"[^>]*>/g)).toEqual([
        '<meta name="robots" content="noindex"/>',
      ]);
      // The whole page shell, with its own Content-Security-Policy.
      expect(html).toContain('data-testid="site-header"');
      expect(html).toContain('data-testid="site-footer"');
      expect(response.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    });
  }

  test('the not-found page shows its hint and a way home in the browser', async ({ page }) => {
    const response = await page.goto('/en/nothing-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText('does not exist or has moved')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page', exact: true }).click();
    await expect(page).toHaveURL(/\/en$/);
  });
});

test('a trailing slash redirects to the one address of the page, except the home forms', async ({
  request,
}) => {
  const redirected = await request.get('/mentions-legales/', { maxRedirects: 0 });
  expect(redirected.status()).toBe(308);
  expect(redirected.headers()['location']).toMatch(/\/mentions-legales$/);
  expect((await request.get('/en/', { maxRedirects: 0 })).status()).toBe(200);
});
