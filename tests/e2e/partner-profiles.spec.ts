import { expect, test } from './fixtures';

const profiles = [
  {
    id: 'helene-sorel',
    name: 'Hélène Sorel',
    email: 'h.sorel@sorel-aubry-avocats.fr',
    tel: 'tel:+33199002401',
    first: true,
  },
  {
    id: 'julien-aubry',
    name: 'Julien Aubry',
    email: 'j.aubry@sorel-aubry-avocats.fr',
    tel: 'tel:+33199002402',
    first: false,
  },
];

const titles = {
  fr: { 'helene-sorel': 'Avocate associée fondatrice', 'julien-aubry': 'Avocat associé fondateur' },
  en: { 'helene-sorel': 'Founding Partner', 'julien-aubry': 'Founding Partner' },
};

/** Unfolds an RFC 6350 card and reads its properties. */
function parseVCard(text: string) {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      const [name = '', ...params] = line.slice(0, colon).split(';');
      return { name, params, value: line.slice(colon + 1) };
    });
}

for (const locale of ['fr', 'en'] as const) {
  for (const profile of profiles) {
    const path = locale === 'fr' ? `/${profile.id}` : `/en/${profile.id}`;

    test.describe(`${path}`, () => {
      test('shows the photo, title, biography, education and direct contact', async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('h1')).toHaveText(profile.name);
        await expect(page.locator('main')).toContainText(
          titles[locale][profile.id as 'helene-sorel'],
        );
        const photo = page.locator('main img').first();
        await expect(photo).toHaveAttribute('width', '450');
        await expect(photo).toHaveAttribute('height', '600');
        await expect(photo).toHaveClass(/img-tone-/);
        await expect(
          page.getByRole('heading', { name: locale === 'fr' ? 'Biographie' : 'Biography' }),
        ).toBeVisible();
        const education = page.getByTestId('education');
        await expect(education).toContainText('2008');
        await expect(education.locator('li')).toHaveCount(3);
        const contact = page.getByTestId('direct-contact');
        await expect(contact.locator(`a[href="mailto:${profile.email}"]`)).toBeVisible();
        await expect(contact.locator(`a[href="${profile.tel}"]`)).toBeVisible();
        await expect(contact.locator('a[href^="https://www.linkedin.com/in/"]')).toHaveAttribute(
          'target',
          '_blank',
        );
        await expect(page.locator('main')).toContainText(
          locale === 'fr' ? 'Barreau de Paris' : 'Paris Bar',
        );
        await expect(page.locator('main')).not.toContainText(
          /\b(?:common|home|partners|legal)\.[A-Za-z-]+\.[\w.-]+/,
        );
        // The biography quotes the bar admission year from the content module.
        await expect(page.locator('main')).not.toContainText(/\{\w+\}/);
        const biography = page.locator('section').filter({
          has: page.getByRole('heading', { name: locale === 'fr' ? 'Biographie' : 'Biography' }),
        });
        await expect(biography).toContainText(locale === 'fr' ? 'depuis 2008' : 'since 2008');
      });

      test(`recognition only for the first partner, areas only for the second`, async ({
        page,
      }) => {
        await page.goto(path);
        await expect(page.getByTestId('recognition')).toHaveCount(profile.first ? 1 : 0);
        await expect(page.getByTestId('areas')).toHaveCount(profile.first ? 0 : 1);
        if (profile.first) {
          await expect(page.getByTestId('recognition')).toContainText('Best Lawyers 2025');
          await expect(page.getByTestId('recognition')).toContainText('The Legal 500 EMEA 2024');
        } else {
          await expect(page.getByTestId('areas').locator('li')).toHaveCount(4);
        }
      });

      test('has the three navigation buttons', async ({ page }) => {
        await page.goto(path);
        const nav = page.getByRole('navigation', {
          name: locale === 'fr' ? 'Poursuivre la visite' : 'Continue your visit',
          exact: true,
        });
        const links = nav.getByRole('link');
        await expect(links).toHaveCount(3);
        await expect(links.nth(0)).toHaveAttribute('href', `/${locale}`);
        await expect(links.nth(1)).toHaveAttribute('href', `/${locale}/#contact`);
        await expect(links.nth(2)).toHaveAttribute('href', `/${locale}/#a-propos`);
        await links.nth(2).click();
        await expect(page).toHaveURL(new RegExp(`/${locale}/#a-propos$`));
        await expect(page.locator('#a-propos')).toBeInViewport();
      });

      test('serves a vCard 4.0 contact card', async ({ page, request }) => {
        await page.goto(path);
        const link = page.getByRole('link', {
          name: locale === 'fr' ? /fiche contact/ : /contact card/,
        });
        await expect(link).toHaveAttribute('download', `${profile.id}.vcf`);
        const href = await link.getAttribute('href');
        expect(href).toBe(`/${locale}/${profile.id}/vcard`);
        const response = await request.get(href ?? '');
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toBe('text/vcard; charset=utf-8');
        expect(response.headers()['content-disposition']).toBe(
          `attachment; filename="${profile.id}.vcf"`,
        );
        const body = await response.text();
        expect(body.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
        expect(body.endsWith('END:VCARD\r\n')).toBe(true);
        expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        const properties = parseVCard(body);
        const get = (name: string) => properties.find((p) => p.name === name)?.value;
        expect(get('FN')).toBe(profile.name);
        expect(get('N')).toBe(`${profile.name.split(' ')[1]};${profile.name.split(' ')[0]};;;`);
        expect(get('TITLE')).toBe(titles[locale][profile.id as 'helene-sorel']);
        expect(get('ORG')).toBe('Sorel Aubry Avocats');
        expect(get('EMAIL')).toBe(profile.email);
        expect(get('TEL')).toBe(profile.tel);
        expect(properties.find((p) => p.name === 'TEL')?.params).toContain('VALUE=uri');
        expect(get('ADR')).toBe(';;18 rue de Miromesnil;Paris;;75008;France');
        expect(get('URL')).toBe(`https://www.sorel-aubry-avocats.fr/${locale}/${profile.id}`);
      });

      test('has its own title, description, canonical and language alternates', async ({
        page,
      }) => {
        await page.goto(path);
        await expect(page).toHaveTitle(
          new RegExp(`^${profile.name}, ${titles[locale][profile.id as 'helene-sorel']}`),
        );
        await expect(page.locator('meta[name="description"]')).toHaveAttribute(
          'content',
          new RegExp(profile.name),
        );
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          'href',
          `https://www.sorel-aubry-avocats.fr/${locale}/${profile.id}`,
        );
        await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
          'href',
          `https://www.sorel-aubry-avocats.fr/fr/${profile.id}`,
        );
        await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
          'href',
          `https://www.sorel-aubry-avocats.fr/en/${profile.id}`,
        );
        const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
        const data = blocks.flatMap((text) => JSON.parse(text) as Record<string, unknown>[]);
        expect(data.find((d) => d['@type'] === 'Person')).toMatchObject({
          name: profile.name,
          sameAs: [expect.stringContaining('linkedin.com/in/')],
        });
        expect(data.find((d) => d['@type'] === 'BreadcrumbList')).toBeTruthy();
      });
    });
  }
}

test('an unknown partner has no contact card', async ({ request }) => {
  const response = await request.get('/en/someone-else/vcard', { maxRedirects: 0 });
  expect(response.status()).toBe(404);
});

test('the contact card also answers at the unprefixed French address', async ({ request }) => {
  const response = await request.get('/julien-aubry/vcard', { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('\r\nTITLE:Avocat associé fondateur\r\n');
});
