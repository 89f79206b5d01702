import { expect, test } from 'vitest';
import type { EnginePage } from './engine';
import { byText, inEveryEngine, visit, waitFor } from './journey';

const DAY_S = 86_400;

/** What the browser keeps of the visitor's cookie choice. */
async function storedChoice(page: EnginePage) {
  const cookies = await page.cookies();
  const status = cookies.find((c) => c.name === 'cookieConsent');
  const categories = cookies.find((c) => c.name === 'cookieConsentCategories');
  return {
    value: status?.value,
    categories: categories ? decodeURIComponent(categories.value) : undefined,
    days: status?.expires ? (status.expires - Date.now() / 1000) / DAY_S : undefined,
  };
}

/** The moment (ms after navigation start) the cookie banner is first in the page. */
const bannerShownAt = (page: EnginePage) =>
  waitFor(page, 'the cookie banner', () =>
    document.querySelector('[data-testid="consent-banner"]') ? performance.now() : 0,
  );

const bannerGone = (page: EnginePage) =>
  waitFor(
    page,
    'the banner to close',
    () => !document.querySelector('[data-testid="consent-banner"]'),
  );

inEveryEngine('welcome screen and cookie banner', (page) => {
  test('a first visit opens the welcome screen; "Entrer sur le site" closes it for the session', async () => {
    await visit(page(), '/fr');
    const splash = '[data-testid="splash"]';
    expect(
      await page().evaluate((css: string) => document.querySelector(css)?.textContent, splash),
    ).toContain('Nous maîtrisons les détails.');
    await page().click(await byText(page(), `${splash} button`, 'Entrer sur le site'));
    await waitFor(
      page(),
      'the welcome screen to close',
      (css: string) => !document.querySelector(css),
      splash,
    );
    expect((await page().cookies()).find((c) => c.name === 'sa-session')).toMatchObject({
      value: 'splash-seen',
      expires: undefined,
    });
    await visit(page(), '/fr');
    expect(await page().evaluate((css: string) => !!document.querySelector(css), splash)).toBe(
      false,
    );
  });

  test('Escape closes the welcome screen too', async () => {
    await visit(page(), '/en');
    await waitFor(
      page(),
      'the welcome screen',
      () => document.querySelector<HTMLDialogElement>('[data-testid="splash"]')?.open,
    );
    await page().press('Escape');
    await waitFor(
      page(),
      'the welcome screen to close',
      () => !document.querySelector('[data-testid="splash"]'),
    );
    expect((await page().cookies()).find((c) => c.name === 'sa-session')?.value).toBe(
      'splash-seen',
    );
  });

  test('the banner appears after 1.5 s; "Tout accepter" stores every category for 365 days', async () => {
    await page().setCookie({ name: 'sa-session', value: 'splash-seen' });
    await visit(page(), '/fr');
    // Not before 1.5 s after the page started loading (the exact delay, timed from hydration, is
    // proved with a fake clock in tests/e2e/consent-banner.spec.ts).
    expect(await bannerShownAt(page())).toBeGreaterThanOrEqual(1_500);
    await page().click(
      await byText(page(), '[data-testid="consent-banner"] button', 'Tout accepter'),
    );
    await bannerGone(page());
    const choice = await storedChoice(page());
    expect(choice.value).toBe('accepted');
    expect(choice.categories).toBe('necessary,functional,analytics,marketing');
    expect(choice.days).toBeCloseTo(365, 1);
  });

  test('"Tout refuser" keeps only the necessary cookies, for 365 days', async () => {
    await visit(page(), '/fr/mentions-legales');
    await bannerShownAt(page());
    await page().click(
      await byText(page(), '[data-testid="consent-banner"] button', 'Tout refuser'),
    );
    await bannerGone(page());
    const choice = await storedChoice(page());
    expect(choice.value).toBe('accepted');
    expect(choice.categories).toBe('necessary');
    expect(choice.days).toBeCloseTo(365, 1);
  });

  test('"Personnaliser", a ticked category, then "Enregistrer mes préférences" stores that choice', async () => {
    await visit(page(), '/fr/politique-cookies');
    await bannerShownAt(page());
    const banner = '[data-testid="consent-banner"]';
    await page().click(await byText(page(), `${banner} button`, 'Personnaliser'));
    await waitFor(
      page(),
      'the customise view',
      (css: string) => document.querySelector(css)?.getAttribute('data-view') === 'customise',
      banner,
    );
    await page().click(`${banner} input[name="functional"]`);
    expect(
      await page().evaluate(
        (css: string) =>
          document.querySelector<HTMLInputElement>(`${css} input[name="functional"]`)?.checked,
        banner,
      ),
    ).toBe(true);
    await page().click(await byText(page(), `${banner} button`, 'Enregistrer mes préférences'));
    await bannerGone(page());
    const choice = await storedChoice(page());
    expect(choice.value).toBe('accepted');
    expect(choice.categories).toBe('necessary,functional');
    expect(choice.days).toBeCloseTo(365, 1);
  });
});
