import { expect, test } from './fixtures';

const site = 'https://www.sorel-aubry-avocats.fr';

test('the sitemap lists every page in both languages with their alternates', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  for (const path of [
    '',
    '/helene-sorel',
    '/julien-aubry',
    '/blog',
    '/mentions-legales',
    '/politique-confidentialite',
    '/politique-cookies',
  ]) {
    for (const locale of ['fr', 'en']) expect(xml).toContain(`<loc>${site}/${locale}${path}</loc>`);
    expect(xml).toContain(`hreflang="x-default" href="${site}/fr${path}"`);
  }
  // The news list is the blog list under another address: only its canonical one is listed.
  expect(xml).not.toContain('/actualites');
});

test('robots.txt points to the sitemap', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain(`Sitemap: ${site}/sitemap.xml`);
  expect(text).toMatch(/Allow: \//);
});

for (const [url, locale, canonical] of [
  ['/mentions-legales', 'fr', '/fr/mentions-legales'],
  ['/en/helene-sorel', 'en', '/en/helene-sorel'],
  ['/', 'fr', '/fr'],
  ['/en/actualites', 'en', '/en/blog'],
  ['/actualites', 'fr', '/fr/blog'],
] as const) {
  test(`${url} has its title, description, canonical, alternates, Open Graph and Twitter tags`, async ({
    page,
  }) => {
    await page.goto(url);
    await expect(page).toHaveTitle(/Sorel Aubry Avocats/);
    const head = page.locator('head');
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${site}${canonical}`,
    );
    const rest = canonical.replace(/^\/(fr|en)/, '');
    await expect(head.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
      'href',
      `${site}/fr${rest}`,
    );
    await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      'href',
      `${site}/en${rest}`,
    );
    await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      'href',
      `${site}/fr${rest}`,
    );
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${site}${canonical}`,
    );
    await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute(
      'content',
      locale === 'fr' ? 'fr_FR' : 'en_GB',
    );
    await expect(head.locator('meta[property="og:image"]').first()).toHaveAttribute(
      'content',
      new RegExp(`^${site}/`),
    );
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      'summary_large_image',
    );
  });
}

test('security headers come with every page and API answer', async ({ request }) => {
  for (const url of ['/fr', '/en/nothing', '/robots.txt']) {
    const headers = (await request.get(url)).headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  }
  for (const url of ['/robots.txt', '/sitemap.xml', '/images/logo.svg', '/fr/feed.xml']) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-security-policy'], url).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  }
  const page = (await request.get('/fr')).headers()['content-security-policy'] ?? '';
  expect(page).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(page).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(page).toContain("frame-ancestors 'none'");
});

for (const [url, names, canonical] of [
  ['/fr/actualites', ['Accueil', 'Actualités'], '/fr/blog'],
  ['/blog', ['Accueil', 'Actualités'], '/fr/blog'],
  [
    '/en/actualites/conges-payes-et-arret-maladie',
    ['Home', 'News', 'Paid leave and sick leave'],
    '/en/blog/conges-payes-et-arret-maladie',
  ],
] as const) {
  test(`${url} holds breadcrumb structured data that matches the page`, async ({ page }) => {
    await page.goto(url);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.flatMap((text) => [JSON.parse(text) as Record<string, unknown>].flat());
    const breadcrumb = data.find((item) => item['@type'] === 'BreadcrumbList') as
      { itemListElement: { name: string; item: string; position: number }[] } | undefined;
    const items = breadcrumb?.itemListElement ?? [];
    expect(items.map((item) => item.name)).toEqual(names);
    expect(items.map((item) => item.position)).toEqual(names.map((_, index) => index + 1));
    expect(items[0]?.item).toBe(`${site}/${canonical.slice(1, 3)}`);
    expect(items.at(-1)?.item).toBe(`${site}${canonical}`);
    // The names are the texts the visitor reads: the header's links and the page's heading.
    const nav = page.getByRole('banner').getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: names[0], exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: names[1], exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(names.at(-1) ?? '');
  });
}
