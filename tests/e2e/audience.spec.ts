import { devices, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs';
import {
  firstInteractionTimed,
  loadingTimesLibraryFetched,
  todaysFigures,
  waitForFigures,
} from '../support/audience';
import { expect, SPLASH_SEEN_COOKIE, test } from './fixtures';

/**
 * The audience measurement in Chromium, as a visitor's browser sends it (docs/behaviour.md,
 * Audience measurement): counted whatever the cookie choice, nothing stored, nothing sent
 * elsewhere, the objection with and without JavaScript, Global Privacy Control, the loading
 * times, and prefetched pages left out. These visitors browse with Chrome's user agent, without
 * the tools' token the other tests send (playwright.config.ts), so their page views count; the
 * figures are read from the e2e server's database as it writes them (AUDIENCE_FLUSH_MS).
 */
const DATABASE = 'file:./test-results/e2e-contact.db';
const chrome = devices['Desktop Chrome'].userAgent;

test.use({
  userAgent: chrome,
  // Also the browser's own user agent: a beacon sent as the page is left goes out with it,
  // not with the page's (headless Chromium names itself HeadlessChrome, a robot's name).
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumFlags, `--user-agent=${chrome}`],
  },
  consentStored: false,
  splashSeen: false,
});
// One visitor after another: each test reads what its own page views added. In order, not
// serial: a failed test does not leave the ones after it unrun (each reads its own figures).
test.describe.configure({ mode: 'default' });

const figure = (figures: Map<string, number>, key: string) => figures.get(key) ?? 0;

/** The page views a page's beacons report, as they leave the browser ('view /fr/blog'). */
function beaconsOf(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/audience') return;
    const beacon = JSON.parse(request.postData() ?? '{}') as { type?: string; path?: string };
    sent.push(`${beacon.type} ${beacon.path}`);
  });
  return sent;
}

/**
 * Returns once every request the page has already made is seen: a request made now, after them,
 * is seen after them. The beacon leaves when the page hydrates, which `goto` waited for.
 */
async function requestsSeen(page: Page): Promise<void> {
  await Promise.all([
    page.waitForRequest((request) => request.url().endsWith('/robots.txt')),
    page.evaluate(() => fetch('/robots.txt').then((answer) => answer.text())),
  ]);
}

/** A new visitor in a browser context of its own (the fixture's routing and CSP checks too). */
async function visitor(browser: Browser, baseURL: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL, userAgent: chrome, ...options });
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
  return { context, page: await context.newPage() };
}

test('a visit that refuses cookies is counted, with its search engine; nothing is stored, nothing goes elsewhere', async ({
  page,
  context,
}) => {
  const path = '/fr/mentions-legales';
  const before = await todaysFigures(DATABASE);
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  await page.goto(path, { referer: 'https://www.google.fr/' });
  await page.getByRole('button', { name: 'Tout refuser' }).click();
  await waitForFigures(DATABASE, {
    [`view ${path} `]: figure(before, `view ${path} `) + 1,
    [`entry ${path} `]: figure(before, `entry ${path} `) + 1,
    [`search ${path} Google`]: figure(before, `search ${path} Google`) + 1,
  });
  // The only cookies are the refusal itself; the measurement wrote nothing in the browser.
  expect((await context.cookies()).map((cookie) => cookie.name).sort()).toEqual([
    'cookieConsent',
    'cookieConsentCategories',
  ]);
  expect(
    await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
      caches: (await caches.keys()).length,
    })),
  ).toEqual({ local: 0, session: 0, databases: 0, caches: 0 });
  expect([...hosts]).toEqual([new URL(page.url()).host]);
});

test('a visit that never answers the banner is counted, and leaves no cookie at all', async ({
  page,
  context,
}) => {
  const path = '/en/politique-confidentialite';
  const before = await todaysFigures(DATABASE);
  const sent = beaconsOf(page);
  await page.goto(path);
  await waitForFigures(DATABASE, { [`view ${path} `]: figure(before, `view ${path} `) + 1 });
  expect(sent).toHaveLength(1);
  expect(await context.cookies()).toEqual([]);
});

test('objecting on the cookie policy stops counting, until the objection is withdrawn', async ({
  page,
}) => {
  const path = '/fr/helene-sorel';
  const before = await todaysFigures(DATABASE);
  await page.goto('/fr/politique-cookies');
  const control = page.getByTestId('audience-objection');
  await expect(control).toContainText('Vos pages vues sont comptées');
  await control.getByRole('button', { name: 'Je m’oppose à la mesure d’audience' }).click();
  await expect(page).toHaveURL(/\/fr\/politique-cookies#mesure-audience$/);
  await expect(control).toHaveAttribute('data-state', 'objected');
  await expect(control).toContainText('vos pages vues ne sont pas comptées');

  // Objecting: the page sends nothing at all.
  const sent = beaconsOf(page);
  await page.goto(path);
  await requestsSeen(page);
  expect(sent).toEqual([]);

  await page.goto('/fr/politique-cookies');
  await control.getByRole('button', { name: 'Retirer mon opposition' }).click();
  await expect(control).toHaveAttribute('data-state', 'counted');
  await page.goto(path);
  // Counted again: this view, and only this one, of the two.
  const after = await waitForFigures(DATABASE, {
    [`view ${path} `]: figure(before, `view ${path} `) + 1,
  });
  expect(figure(after, `view ${path} `)).toBe(figure(before, `view ${path} `) + 1);
  // And the browser sent that view alone: nothing while the objection stood.
  expect(sent.filter((beacon) => beacon === `view ${path}`)).toHaveLength(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a page view is counted by the page’s image; objecting works and stops it', async ({
    page,
  }) => {
    const path = '/en/julien-aubry';
    const before = await todaysFigures(DATABASE);
    await page.goto(path);
    await waitForFigures(DATABASE, { [`view ${path} `]: figure(before, `view ${path} `) + 1 });

    await page.goto('/en/politique-cookies');
    const control = page.getByTestId('audience-objection');
    await control.getByRole('button', { name: 'I object to the audience measurement' }).click();
    await expect(control).toHaveAttribute('data-state', 'objected');
    // The image is still asked for (no script decides), and not counted.
    const image = page.waitForResponse((r) => r.url().includes('/api/audience/sans-script'));
    await page.goto(path);
    expect((await image).status()).toBe(200);

    await page.goto('/en/politique-cookies');
    await control.getByRole('button', { name: 'Withdraw my objection' }).click();
    await expect(control).toHaveAttribute('data-state', 'counted');
    await page.goto(path);
    const after = await waitForFigures(DATABASE, {
      [`view ${path} `]: figure(before, `view ${path} `) + 2,
    });
    expect(figure(after, `view ${path} `)).toBe(figure(before, `view ${path} `) + 2);
  });
});

test('Global Privacy Control counts as an objection, and the cookie policy says so', async ({
  browser,
  baseURL,
}) => {
  const path = '/fr/actualites';
  const before = await todaysFigures(DATABASE);
  // Chromium has no GPC setting: the header and the property, as a browser with GPC on sends them.
  const gpc = await visitor(browser, baseURL!, { extraHTTPHeaders: { 'Sec-GPC': '1' } });
  await gpc.page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  await gpc.page.goto('/fr/politique-cookies');
  await expect(gpc.page.getByTestId('audience-objection')).toHaveAttribute('data-state', 'gpc');
  await expect(gpc.page.getByTestId('audience-objection')).toContainText(
    'Votre navigateur envoie le signal Global Privacy Control',
  );
  const sent = beaconsOf(gpc.page);
  await gpc.page.goto(path);
  await requestsSeen(gpc.page);
  expect(sent).toEqual([]);
  await gpc.context.close();

  // The same page in a browser without it: counted once, and only that view.
  const plain = await visitor(browser, baseURL!);
  await plain.page.goto(path);
  const after = await waitForFigures(DATABASE, {
    [`view /fr/blog `]: figure(before, 'view /fr/blog ') + 1,
  });
  expect(figure(after, 'view /fr/blog ')).toBe(figure(before, 'view /fr/blog ') + 1);
  await plain.context.close();
});

test('loading times arrive when the page is left: LCP, INP after an interaction, CLS and TTFB', async ({
  page,
  context,
  baseURL,
}) => {
  const before = await todaysFigures(DATABASE);
  await context.addCookies([{ ...SPLASH_SEEN_COOKIE, url: baseURL!, sameSite: 'Lax' }]);
  await page.goto('/fr');
  await page.waitForFunction(loadingTimesLibraryFetched);
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Paramètres des cookies' })
    .click();
  await expect(page.getByTestId('consent-banner')).toBeVisible();
  await page.waitForFunction(firstInteractionTimed);
  // Leaving the page hides it: its loading times leave with one beacon.
  await page.goto('/fr/mentions-legales');
  await waitForFigures(
    DATABASE,
    Object.fromEntries(
      ['LCP', 'INP', 'CLS', 'TTFB'].map((metric) => [
        `vital home ${metric}`,
        figure(before, `vital home ${metric}`) + 1,
      ]),
    ),
  );
});

test('a page the browser prefetched is not counted until it is visited', async ({ page }) => {
  // Pages no other test here visits: a page view another test sent as it ended cannot stand in
  // for the sign below.
  const path = '/fr/julien-aubry';
  const after = '/fr/politique-confidentialite';
  const before = await todaysFigures(DATABASE);
  await page.goto('/en/actualites');
  const prefetched = page.waitForResponse((r) => r.url().endsWith(path));
  await page.evaluate((href) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }, path);
  expect((await prefetched).status()).toBe(200);
  // A page viewed after the prefetch is counted; the prefetched page is not.
  await page.goto(after);
  await waitForFigures(DATABASE, { [`view ${after} `]: figure(before, `view ${after} `) + 1 });
  expect(figure(await todaysFigures(DATABASE), `view ${path} `)).toBe(
    figure(before, `view ${path} `),
  );
  await page.goto(path);
  await waitForFigures(DATABASE, { [`view ${path} `]: figure(before, `view ${path} `) + 1 });
});
