import type { BrowserContext, Cookie, Page } from '@playwright/test';
import { CONSENT_BANNER_DELAY_MS } from '@/lib/consent/model';
import { expect, test } from './fixtures';
import { axe } from './axe';

// These visitors have not answered the banner yet.
test.use({ consentStored: false });

const DAY_S = 86_400;

const banner = (page: Page) => page.getByTestId('consent-banner');

async function cookie(context: BrowserContext, name: string): Promise<Cookie | undefined> {
  return (await context.cookies()).find((c) => c.name === name);
}

/** The stored choice as the browser keeps it: value, categories and remaining lifetime in days. */
async function storedChoice(context: BrowserContext) {
  const status = await cookie(context, 'cookieConsent');
  const categories = await cookie(context, 'cookieConsentCategories');
  return {
    status,
    value: status?.value,
    categories: categories ? decodeURIComponent(categories.value) : undefined,
    days: status ? (status.expires - Date.now() / 1000) / DAY_S : undefined,
  };
}

function expectLifetime(days: number | undefined, expected: number) {
  expect(days).toBeDefined();
  // Within five minutes of the expected lifetime.
  expect(Math.abs((days ?? 0) - expected) * DAY_S).toBeLessThan(300);
}

/**
 * Resolves once the banner, had its timer been armed, would be on screen. page.goto and
 * page.reload wait for html[data-hydrated], which an effect of the same hydration sets as the
 * one that arms the banner's timer (both in the layout); a timer of the same delay armed after
 * it fires after it, and two frames later React has drawn what that timer set.
 */
async function bannerWouldBeShown(page: Page) {
  await page.evaluate(
    (delay) =>
      new Promise<void>((resolve) =>
        setTimeout(
          () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          delay,
        ),
      ),
    CONSENT_BANNER_DELAY_MS,
  );
}

test('hidden at first: not visible at 1,000 ms, visible by 2,000 ms', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  // page.goto waits for html[data-hydrated]: the effect that arms the banner's timer has run
  // (effects are not timers, so the paused clock does not hold them).
  await page.goto('/fr/mentions-legales');
  await expect(banner(page)).toHaveCount(0);
  await page.clock.runFor(1_000);
  await expect(banner(page)).toHaveCount(0);
  await page.clock.runFor(1_000);
  await expect(banner(page)).toBeVisible();
});

test('the wait the checks below use before saying the banner stayed hidden is long enough', async ({
  page,
}) => {
  await page.goto('/en/mentions-legales');
  await bannerWouldBeShown(page);
  // No waiting here: the banner is already there.
  expect(await banner(page).count()).toBe(1);
});

test('Accept all stores accepted for 365 days with every category; a reload shows no banner', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Tout accepter' }).click();
  await expect(banner(page)).toHaveCount(0);

  const choice = await storedChoice(context);
  expect(choice.value).toBe('accepted');
  expectLifetime(choice.days, 365);
  expect(choice.categories).toBe('necessary,functional,analytics,marketing');
  expect(choice.status?.sameSite).toBe('Lax');
  expect(choice.status?.path).toBe('/');
  expect(choice.status?.secure).toBe(false);

  await page.reload();
  await bannerWouldBeShown(page);
  await expect(banner(page)).toHaveCount(0);
});

test('the close button stores dismissed for 1 day; the banner comes back the next day', async ({
  page,
  context,
}) => {
  await page.goto('/en/politique-cookies');
  await page.getByRole('button', { name: 'Close without accepting' }).click();
  await expect(banner(page)).toHaveCount(0);

  const choice = await storedChoice(context);
  expect(choice.value).toBe('dismissed');
  expectLifetime(choice.days, 1);
  expect(choice.categories).toBe('necessary');

  // Later the same day the refusal is remembered.
  await page.reload();
  await bannerWouldBeShown(page);
  await expect(banner(page)).toHaveCount(0);

  // The next day the browser has let the one-day cookie expire. page.clock cannot show this: it
  // fakes the page's Date and timers, but the browser's cookie store expires cookies against the
  // real system clock, so a faked "tomorrow" still sends today's cookie. The cookie is aged here
  // instead, and lib/consent/storage.test.ts proves with an injected clock that the lifetime
  // written is exactly one day from the dismissal.
  const stored = choice.status;
  if (!stored) throw new Error('no consent cookie');
  await context.addCookies([{ ...stored, expires: stored.expires - DAY_S - 1 }]);
  expect(await cookie(context, 'cookieConsent')).toBeUndefined();
  await page.reload();
  await expect(banner(page)).toBeVisible();
});

test('Refuse all is as prominent as Accept all and keeps the refusal for 365 days', async ({
  page,
  context,
}) => {
  await page.goto('/en');
  const accept = page.getByRole('button', { name: 'Accept all' });
  const refuse = page.getByRole('button', { name: 'Refuse all' });
  await expect(refuse).toBeVisible();
  const [acceptBox, refuseBox] = [await accept.boundingBox(), await refuse.boundingBox()];
  expect(refuseBox?.width).toBeCloseTo(acceptBox?.width ?? 0, 0);
  expect(refuseBox?.height).toBeCloseTo(acceptBox?.height ?? 0, 0);
  const colours = async (locator: typeof accept) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.backgroundColor, style.color, style.fontSize, style.fontWeight];
    });
  expect(await colours(refuse)).toEqual(await colours(accept));

  await refuse.click();
  await expect(banner(page)).toHaveCount(0);
  const choice = await storedChoice(context);
  // Refusing is a choice like any other: remembered as long as an acceptance, with only the
  // necessary category granted, so the visitor is not asked again every day.
  expect(choice.value).toBe('accepted');
  expectLifetime(choice.days, 365);
  expect(choice.categories).toBe('necessary');

  await page.reload();
  await bannerWouldBeShown(page);
  await expect(banner(page)).toHaveCount(0);
});

test('the customise view lists the four categories; Cancel goes back; Save stores the ticked ones', async ({
  page,
  context,
}) => {
  await page.goto('/en');
  await page.getByRole('button', { name: 'Customise' }).click();
  await expect(banner(page)).toHaveAttribute('data-view', 'customise');
  await expect(banner(page).getByRole('heading')).toHaveText('Customise your choices');

  const necessary = page.getByRole('checkbox', { name: 'Necessary (Always on)' });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  for (const name of ['Functional', 'Audience measurement', 'Marketing']) {
    const box = page.getByRole('checkbox', { name, exact: true });
    await expect(box).not.toBeChecked();
    await expect(box).toBeEnabled();
  }
  await expect(
    page.getByRole('checkbox', { name: 'Functional', exact: true }),
  ).toHaveAccessibleDescription('Show the interactive map to our office (OpenStreetMap).');
  await expect(banner(page)).toContainText('Count visits with Google Analytics');
  await expect(banner(page)).toContainText('Remember your cookie choice');
  await expect(banner(page)).toContainText('Would measure the reach');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(banner(page)).toHaveAttribute('data-view', 'main');
  await expect(page.getByRole('button', { name: 'Accept all' })).toBeVisible();
  expect(await cookie(context, 'cookieConsent')).toBeUndefined();

  await page.getByRole('button', { name: 'Customise' }).click();
  await page.getByRole('checkbox', { name: 'Functional', exact: true }).check();
  await page.getByRole('button', { name: 'Save my preferences' }).click();
  await expect(banner(page)).toHaveCount(0);
  const choice = await storedChoice(context);
  expect(choice.value).toBe('accepted');
  expectLifetime(choice.days, 365);
  expect(choice.categories).toBe('necessary,functional');
});

test('ticking Functional in Customise loads the office map at once, without a reload', async ({
  page,
}) => {
  const mapRequests: string[] = [];
  await page.route(/openstreetmap\.org/, (route) => {
    mapRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<p>map</p>' });
  });
  await page.goto('/en');
  await expect(page.getByTestId('office-map-facade')).toBeAttached();
  await expect(page.getByTestId('office-map-frame')).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

  await page.getByRole('button', { name: 'Customise' }).click();
  await page.getByRole('checkbox', { name: 'Functional', exact: true }).check();
  expect(mapRequests).toEqual([]);
  await page.getByRole('button', { name: 'Save my preferences' }).click();
  await expect(banner(page)).toHaveCount(0);

  await expect(page.getByTestId('office-map-frame')).toBeAttached();
  await expect(page.getByTestId('office-map-facade')).toHaveCount(0);
  await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
  expect(mapRequests[0]).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
    true,
  );
});

test.describe('when the browser blocks cookies', () => {
  test.beforeEach(async ({ page }) => {
    // Every cookie write from the page is dropped, as with cookies blocked for the site.
    await page.addInitScript(() => {
      const original = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
      Object.defineProperty(Document.prototype, 'cookie', {
        configurable: true,
        get() {
          return original?.get?.call(this) as string;
        },
        set() {},
      });
    });
  });

  test('every action keeps the banner open and says why', async ({ page, context }) => {
    await page.goto('/en');
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page).getByRole('alert')).toHaveText(
      /Your browser blocked the cookie that stores your choice/,
    );
    await expect(banner(page)).toBeVisible();
    await page.getByRole('button', { name: 'Refuse all' }).click();
    await page.getByRole('button', { name: 'Close without accepting' }).click();
    await page.getByRole('button', { name: 'Customise' }).click();
    await page.getByRole('button', { name: 'Save my preferences' }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('alert')).toBeVisible();
    expect(await cookie(context, 'cookieConsent')).toBeUndefined();
  });

  test('in French too', async ({ page }) => {
    await page.goto('/fr');
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    await expect(banner(page).getByRole('alert')).toHaveText(
      /Votre navigateur a bloqué le cookie qui enregistre votre choix/,
    );
    await expect(banner(page)).toBeVisible();
  });
});

test('Cookie settings in the footer reopens the banner at once and moves the focus to it', async ({
  page,
  context,
}) => {
  await page.goto('/en/mentions-legales');
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toHaveCount(0);

  const settings = page.getByTestId('legal-links').getByRole('button', { name: 'Cookie settings' });
  await settings.click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toBeFocused();

  // Customise shows the choice in force.
  await page.getByRole('button', { name: 'Customise' }).click();
  await expect(page.getByRole('checkbox', { name: 'Audience measurement' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Audience measurement' }).uncheck();
  await page.getByRole('button', { name: 'Save my preferences' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(settings).toBeFocused();
  expect((await storedChoice(context)).categories).toBe('necessary,functional,marketing');
});

test('withdrawing analytics consent deletes the _ga cookies', async ({
  page,
  context,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const expires = Math.floor(Date.now() / 1000) + 365 * DAY_S;
  await context.addCookies([
    { name: 'cookieConsent', value: 'accepted', url, expires },
    { name: 'cookieConsentCategories', value: 'necessary%2Canalytics', url, expires },
    { name: '_ga', value: 'GA1.1.123.456', url, expires },
    { name: '_ga_TEST1234', value: 'GS1.1.789', url, expires },
    { name: 'unrelated', value: 'kept', url, expires },
  ]);
  await page.goto('/fr');
  await bannerWouldBeShown(page);
  await expect(banner(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Paramètres des cookies' }).click();
  await page.getByRole('button', { name: 'Tout refuser' }).click();
  const names = (await context.cookies()).map((c) => c.name).sort();
  // The analytics cookies go; the choice itself, the splash's session cookie and others stay.
  expect(names).toEqual(['cookieConsent', 'cookieConsentCategories', 'sa-session', 'unrelated']);
});

test('it never takes the focus by itself and is reachable with the keyboard', async ({ page }) => {
  await page.goto('/en/mentions-legales');
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipLink).toBeFocused();
  await expect(banner(page)).toBeVisible();
  await expect(skipLink).toBeFocused();

  await page.getByTestId('legal-links').getByRole('button').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Close without accepting' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Read our cookie policy' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Accept all' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Refuse all' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toHaveCount(0);

  // Reopened from the keyboard, Escape closes it like the close button (dismissed).
  await page.getByTestId('legal-links').getByRole('button').press('Enter');
  await expect(banner(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByTestId('legal-links').getByRole('button')).toBeFocused();
  expect((await cookie(page.context(), 'cookieConsent'))?.value).toBe('dismissed');
});

for (const width of [320, 1280]) {
  test(`at ${width} px it overlays the page, fits, and leaves the back-to-top button free`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 800 });
    await page.goto('/fr');
    const before = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      mainTop: document.getElementById('main')?.getBoundingClientRect().top,
    }));
    await expect(banner(page)).toBeVisible();
    const after = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      mainTop: document.getElementById('main')?.getBoundingClientRect().top,
    }));
    expect(after).toEqual(before);
    expect(await banner(page).evaluate((element) => getComputedStyle(element).position)).toBe(
      'fixed',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    await page.mouse.wheel(0, 1_500);
    const scrollTop = page.getByTestId('scroll-top');
    await expect(scrollTop).toBeVisible();
    for (const view of ['main', 'customise'] as const) {
      if (view === 'customise') await page.getByRole('button', { name: 'Personnaliser' }).click();
      const box = await banner(page).boundingBox();
      const button = await scrollTop.boundingBox();
      if (!box || !button) throw new Error('not laid out');
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y).toBeGreaterThanOrEqual(0);
      const overlaps =
        box.x < button.x + button.width &&
        button.x < box.x + box.width &&
        box.y < button.y + button.height &&
        button.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
    await scrollTop.click();
  });
}

for (const locale of ['fr', 'en'] as const) {
  test(`axe: the banner in both views has no serious or critical violation (${locale})`, async ({
    page,
  }) => {
    await page.goto(`/${locale}`);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toHaveAccessibleName(
      locale === 'fr' ? 'Consentement aux cookies' : 'Cookie consent',
    );
    for (const view of ['main', 'customise']) {
      if (view === 'customise')
        await page
          .getByRole('button', { name: locale === 'fr' ? 'Personnaliser' : 'Customise' })
          .click();
      await expect(banner(page)).toHaveAttribute('data-view', view);
      const results = await axe(page).include('[data-testid="consent-banner"]').analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
    }
  });
}

test('without GA_MEASUREMENT_ID nothing analytics is loaded, even after Accept all', async ({
  page,
}) => {
  const analytics: string[] = [];
  page.on('request', (request) => {
    if (/googletagmanager|google-analytics|analytics\.google/.test(request.url()))
      analytics.push(request.url());
  });
  await page.goto('/en');
  await page.getByRole('button', { name: 'Accept all' }).click();
  // The click's render has closed the banner, and its effects ran with it (a click's update
  // flushes them at once): with GA_MEASUREMENT_ID set, gtag and its script would be there now.
  await expect(banner(page)).toHaveCount(0);
  expect(
    await page.evaluate(() => ({
      gtag: 'gtag' in window || 'dataLayer' in window,
      scripts: document.querySelectorAll('script[src*="googletagmanager"]').length,
    })),
  ).toEqual({ gtag: false, scripts: 0 });
  expect(analytics).toEqual([]);
});
