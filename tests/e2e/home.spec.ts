import { expect, test, topOffset, waitForScrollEnd } from './fixtures';

const languages = [
  { locale: 'fr' as const, home: '/', other: '/en' },
  { locale: 'en' as const, home: '/en', other: '/fr' },
];

const rawKey = /\b(?:common|home|partners|legal|articles|contact|consent)\.[A-Za-z-]+\.[\w.-]+/;

for (const { locale, home } of languages) {
  test.describe(`home page (${locale})`, () => {
    test('has its six sections in order, each labelled by its heading', async ({ page }) => {
      await page.goto(home);
      const ids = await page
        .locator('main > section[id]')
        .evaluateAll((sections) => sections.map((s) => s.id));
      expect(ids).toEqual(['accueil', 'a-propos', 'intro', 'expertises', 'presse', 'contact']);
      for (const id of ids) {
        const section = page.locator(`section#${id}`);
        const labelledBy = await section.getAttribute('aria-labelledby');
        expect(labelledBy, id).toBeTruthy();
        const heading = page.locator(`[id="${labelledBy}"]`);
        await expect(heading).toHaveText(/\S/);
        expect(await heading.evaluate((h) => h.tagName)).toMatch(/^H[12]$/);
      }
      await expect(page.locator('section#accueil h1')).toHaveText(
        locale === 'fr' ? /Nous maîtrisons les détails/ : /We master the details/,
      );
      await expect(page.locator('main')).not.toContainText(rawKey);
      await expect(page.locator('main')).not.toContainText(/\{\w+\}/);
      await expect(page.locator('main')).not.toContainText(/lorem ipsum/i);
      // Facts from the content module, filled into the texts.
      await expect(page.locator('#a-propos')).toContainText('2008');
      await expect(page.getByTestId('partner-card').first()).toContainText('2008');
    });

    test('hero: two calls to action and a preloaded, eager 3:4 image', async ({ page }) => {
      await page.goto(home);
      const hero = page.locator('#accueil');
      await expect(
        hero.getByRole('link', {
          name: locale === 'fr' ? 'Découvrir nos expertises' : 'Discover our expertise',
        }),
      ).toHaveAttribute('href', '#intro');
      await expect(
        hero.getByRole('link', { name: locale === 'fr' ? 'Nous contacter' : 'Contact us' }),
      ).toHaveAttribute('href', '#contact');
      const image = hero.locator('img');
      await expect(image).not.toHaveAttribute('loading', 'lazy');
      const ratio = await image.evaluate(
        (img: HTMLImageElement) =>
          img.getBoundingClientRect().width / img.getBoundingClientRect().height,
      );
      expect(ratio).toBeCloseTo(0.75, 2);
      await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(1);
      await expect(hero.locator('.reveal')).toHaveCount(0);
    });

    test('the two partner cards link to their profiles', async ({ page }) => {
      await page.goto(home);
      const cards = page.getByTestId('partner-card');
      await expect(cards).toHaveCount(2);
      const prefix = locale === 'en' ? '/en' : '';
      await expect(cards.nth(0).getByRole('link')).toHaveAttribute(
        'href',
        `${prefix}/helene-sorel`,
      );
      await expect(cards.nth(1).getByRole('link')).toHaveAttribute(
        'href',
        `${prefix}/julien-aubry`,
      );
      await expect(cards.nth(0)).toContainText('Hélène Sorel');
      await expect(cards.nth(1)).toContainText('Julien Aubry');
      await cards.nth(1).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/julien-aubry$`));
      await expect(page.locator('h1')).toHaveText('Julien Aubry');
    });

    test('six overview cards are buttons that scroll to the expertises by mouse, Enter and Space', async ({
      page,
    }) => {
      await page.goto(home);
      // Measure once the web fonts have swapped in, so the layout above the target is final.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const cards = page.locator('#intro').getByRole('button');
      await expect(cards).toHaveCount(6);
      for (const [index, key] of [
        [0, 'Enter'],
        [3, 'Space'],
        [5, null],
      ] as const) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await waitForScrollEnd(page);
        const card = cards.nth(index);
        if (key) {
          await card.focus();
          await expect(card).toBeFocused();
          await page.keyboard.press(key);
        } else {
          await card.click();
        }
        // Smooth scrolling takes a variable time on a busy machine: wait for the landing itself.
        await expect
          .poll(async () => Math.abs((await topOffset(page, '#expertises')) - 80), {
            timeout: 10_000,
          })
          .toBeLessThanOrEqual(2);
        await waitForScrollEnd(page);
        expect(Math.abs((await topOffset(page, '#expertises')) - 80)).toBeLessThanOrEqual(2);
      }
    });

    test('a focused overview card shows a visible focus ring', async ({ page }) => {
      await page.goto(home);
      const card = page.locator('#intro').getByRole('button').first();
      await card.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const outline = await card.evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe('none');
    });

    test('eight practice areas, none of them clickable', async ({ page }) => {
      await page.goto(home);
      const areas = page.getByTestId('expertise-area');
      await expect(areas).toHaveCount(8);
      await expect(page.locator('#expertises').locator('a, button, [tabindex]')).toHaveCount(0);
      await expect(areas.locator('h3')).toHaveCount(8);
    });

    test('press: two ranking testimonials, the recognition line and the badge', async ({
      page,
    }) => {
      await page.goto(home);
      const testimonials = page.getByTestId('testimonial');
      await expect(testimonials).toHaveCount(2);
      await expect(testimonials.nth(0)).toContainText('Best Lawyers');
      await expect(testimonials.nth(0)).toContainText('2025');
      await expect(testimonials.nth(1)).toContainText('Legal 500');
      await expect(testimonials.nth(1)).toContainText('2024');
      await expect(page.getByTestId('recognition')).toContainText('Best Lawyers 2025');
      await expect(page.getByTestId('recognition')).toContainText('Hélène Sorel');
      await expect(page.locator('#presse img')).toHaveAttribute('alt', /Best Lawyers 2025/);
    });

    test('contact: Paris 8e address, e-mail and each partner’s direct line', async ({ page }) => {
      await page.goto(home);
      const info = page.getByTestId('contact-info');
      await expect(info).toContainText('18 rue de Miromesnil, 75008 Paris');
      await expect(info.locator('a[href="mailto:contact@sorel-aubry-avocats.fr"]')).toBeVisible();
      const lines = page.getByTestId('direct-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText('Hélène Sorel');
      await expect(lines.nth(0).locator('a')).toHaveAttribute('href', 'tel:+33199002401');
      await expect(lines.nth(1).locator('a')).toHaveAttribute('href', 'tel:+33199002402');
      await expect(page.getByTestId('contact-form-slot')).toBeAttached();
    });

    test('the map loads from OpenStreetMap only after the visitor asks', async ({ page }) => {
      const mapRequests: string[] = [];
      await page.route(/openstreetmap\.org/, (route) => {
        mapRequests.push(route.request().url());
        return route.fulfill({ contentType: 'text/html', body: '<p>map</p>' });
      });
      await page.goto(home);
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await page.getByTestId('office-map-facade').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('office-map-facade').getByRole('img')).toBeVisible();
      // The map replaces its facade in a render, with the visitor's consent read: the one that
      // hydrated the page (page.goto waits for html[data-hydrated], set by that same hydration),
      // and none since. So the facade stays, and nothing has asked the map's host.
      await expect(page.getByTestId('office-map-frame')).toHaveCount(0);
      expect(mapRequests).toEqual([]);
      await page
        .getByRole('button', { name: locale === 'fr' ? 'Afficher le plan' : 'Show the map' })
        .click();
      const frame = page.getByTestId('office-map-frame');
      await expect(frame).toBeVisible();
      await expect(frame).toHaveAttribute(
        'src',
        /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=.*marker=48\.8729%2C2\.3165/,
      );
      await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
      expect(mapRequests[0]).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    });

    test('the map loads by itself once functional cookies are allowed', async ({
      page,
      context,
      baseURL,
    }) => {
      await page.route(/openstreetmap\.org/, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<p>map</p>' }),
      );
      await context.addCookies([
        { name: 'cookieConsent', value: 'accepted', url: baseURL },
        { name: 'cookieConsentCategories', value: 'necessary,functional', url: baseURL },
      ]);
      await page.goto(home);
      await expect(page.getByTestId('office-map-frame')).toBeAttached();
      await expect(page.getByTestId('office-map-facade')).toHaveCount(0);
    });

    test('structured data describes the firm and its partners as valid JSON', async ({ page }) => {
      await page.goto(home);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const data = blocks.flatMap((text) => JSON.parse(text) as Record<string, unknown>[]);
      const firm = data.find((item) => item['@type'] === 'LegalService');
      expect(firm).toMatchObject({
        name: 'Sorel Aubry Avocats',
        telephone: '+33 1 99 00 24 00',
        email: 'contact@sorel-aubry-avocats.fr',
      });
      expect(data.filter((item) => item['@type'] === 'Person').map((p) => p.name)).toEqual([
        'Hélène Sorel',
        'Julien Aubry',
      ]);
    });
  });
}

test('partner photos keep their 3:4 portrait shape on a phone and beside the text on a desktop', async ({
  page,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/en#a-propos');
    const photos = page.getByTestId('partner-card').locator('img');
    await expect(photos).toHaveCount(2);
    for (const photo of await photos.all()) {
      const box = await photo.boundingBox();
      if (!box) throw new Error('a partner photo has no box');
      expect(box.width / box.height, `at ${viewport.width} px`).toBeCloseTo(0.75, 2);
    }
  }
});

test('photos are grayscale and regain colour on hover, a partner’s photo under its card link too', async ({
  page,
}) => {
  await page.goto('/en');
  const photo = page.getByTestId('partner-card').first().locator('img');
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveCSS('filter', 'grayscale(1)');
  // The pointer on the photo itself, where the card's stretched link lies on top of it.
  const box = await photo.boundingBox();
  if (!box) throw new Error('the partner photo has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(photo).toHaveCSS('filter', 'grayscale(0.3)');

  const hero = page.locator('#accueil img');
  await hero.scrollIntoViewIfNeeded();
  await expect(hero).toHaveCSS('filter', 'grayscale(1)');
  await hero.hover();
  await expect(hero).toHaveCSS('filter', 'grayscale(0.6) brightness(1.05)');
  await expect(photo).toHaveCSS('filter', 'grayscale(1)');
});

test.describe('splash screen', () => {
  test.use({ splashSeen: false });

  test('shows the logo, tagline, description, a photo and the language toggle, then lets the visitor in', async ({
    page,
  }) => {
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    await expect(splash.getByRole('img', { name: 'Sorel Aubry Avocats' })).toBeVisible();
    await expect(splash).toContainText('Nous maîtrisons les détails');
    await expect(splash).toContainText('dédié au droit social');
    await expect(splash.locator('img')).toHaveCount(2);
    await expect(splash.getByRole('link', { name: /English/ })).toHaveAttribute('href', '/en');
    await splash.getByRole('button', { name: 'Entrer sur le site' }).click();
    await expect(splash).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the whole presentation is readable', async ({ page }) => {
    await page.goto('/en');
    for (const text of [
      'Executive entries and exits',
      'International mobility',
      'The Legal 500 EMEA, Employment, 2024',
      'Direct line of Julien Aubry:',
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
  });
});
