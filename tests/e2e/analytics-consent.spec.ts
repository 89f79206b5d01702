import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { expect, test } from './fixtures';

/**
 * Google Analytics against a server started with GA_MEASUREMENT_ID set. Nothing reaches the
 * internet: the analytics hosts are answered by a tiny local script that records every gtag call.
 */
const MEASUREMENT_ID = 'G-TEST1234';

test.use({ consentStored: false });
test.describe.configure({ mode: 'serial' });

let server: NextServer;
// The contact form's messages go to a throwaway database and outbox.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sa-analytics-'));

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startNextServer({
    GA_MEASUREMENT_ID: MEASUREMENT_ID,
    SITE_URL: 'https://www.sorel-aubry-avocats.fr',
    DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Replays the data layer, then records every later push (gtag pushes Arguments objects).
const RECORDER = `(function () {
  var dl = (window.dataLayer = window.dataLayer || []);
  function record(entry) { window.__recordGtag(JSON.stringify(Array.prototype.slice.call(entry))); }
  for (var i = 0; i < dl.length; i++) record(dl[i]);
  var push = dl.push;
  dl.push = function () {
    for (var j = 0; j < arguments.length; j++) record(arguments[j]);
    return push.apply(dl, arguments);
  };
})();`;

const ANALYTICS_HOST = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/;

/** Every request to an analytics host, and every gtag call the (stand-in) gtag.js saw. */
async function observeAnalytics(page: Page) {
  const requests: string[] = [];
  const calls: unknown[][] = [];
  const elsewhere: string[] = [];
  await page.exposeFunction('__recordGtag', (json: string) => {
    calls.push(JSON.parse(json) as unknown[]);
  });
  page.on('request', (request) => {
    if (ANALYTICS_HOST.test(new URL(request.url()).hostname)) requests.push(request.url());
  });
  // Anything that is not our server is answered locally: the stand-in script for analytics
  // hosts, an abort for the rest (which the test then reports).
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      const url = new URL(route.request().url());
      // The office map loads once functional cookies are allowed (Accept all): answered locally.
      if (url.hostname === 'www.openstreetmap.org') {
        return route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<title>Plan</title>',
        });
      }
      if (!ANALYTICS_HOST.test(url.hostname)) {
        elsewhere.push(url.href);
        return route.abort();
      }
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: RECORDER });
    },
  );
  return { requests, calls, elsewhere };
}

const banner = (page: Page) => page.getByTestId('consent-banner');

/**
 * What the page holds of Google Analytics. Checked once the page has hydrated (page.goto and
 * page.reload wait for html[data-hydrated]; after a click that navigates, `hydrated`): the gate
 * that loads analytics runs in that same hydration and on every change of consent, defining gtag
 * and adding the script at once, so had it loaded analytics they would be there.
 */
async function analyticsInPage(page: Page) {
  return page.evaluate(() => ({
    gtag: 'gtag' in window,
    dataLayer: 'dataLayer' in window,
    scripts: document.querySelectorAll('script[src*="googletagmanager"]').length,
  }));
}
const NO_ANALYTICS = { gtag: false, dataLayer: false, scripts: 0 };
const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated]', { state: 'attached' });

async function analyticsCookies(page: Page) {
  return (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('_ga'));
}

test('nothing before consent; gtag.js on Accept all without a reload; events with the right names', async ({
  page,
}) => {
  const seen = await observeAnalytics(page);
  await page.goto(`${server.url}/fr`);
  await expect(banner(page)).toBeVisible();
  expect(await analyticsInPage(page)).toEqual(NO_ANALYTICS);
  expect(seen.requests).toEqual([]);
  expect(await analyticsCookies(page)).toEqual([]);

  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole('button', { name: 'Tout accepter' }).click();
  await expect
    .poll(() => seen.requests)
    .toEqual([`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`]);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
    true,
  );
  await expect.poll(() => seen.calls.length).toBeGreaterThanOrEqual(4);
  expect(seen.calls[0]).toEqual([
    'consent',
    'default',
    {
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    },
  ]);
  expect(seen.calls).toContainEqual(['consent', 'update', { analytics_storage: 'granted' }]);
  expect(seen.calls).toContainEqual(['config', MEASUREMENT_ID, { send_page_view: true }]);

  await page.getByTestId('language-toggle').first().click();
  await page.waitForURL(`${server.url}/en`);
  expect(seen.calls).toContainEqual([
    'event',
    'language_change',
    { event_category: 'engagement', event_label: 'Switch to en', transport_type: 'beacon' },
  ]);
  // The English page loads analytics again: consent is remembered.
  await expect.poll(() => seen.requests.length).toBe(2);
  expect(seen.elsewhere).toEqual([]);
});

test('with analytics consent, a sent contact message is reported as contact_form_submission', async ({
  page,
}) => {
  const seen = await observeAnalytics(page);
  await page.goto(`${server.url}/en#contact`);
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => page.evaluate(() => typeof Reflect.get(window, 'gtag'))).toBe('function');

  await page.getByLabel('Name', { exact: true }).fill('Claire Martin');
  await page.getByLabel('Email', { exact: true }).fill('claire.martin@example.com');
  await page.getByLabel('Phone', { exact: true }).fill('+33 1 99 00 12 34');
  await page
    .getByLabel('Message', { exact: true })
    .fill('Bonjour, je souhaite un rendez-vous au sujet de mon contrat de travail.');
  const answer = page.waitForResponse(`${server.url}/api/contact`);
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await answer).status()).toBe(201);
  await expect(page.locator('[data-variant="default"]')).toContainText('Success');
  await expect
    .poll(() => seen.calls.filter((call) => call[0] === 'event'))
    .toEqual([
      [
        'event',
        'contact_form_submission',
        { event_category: 'engagement', event_label: 'Contact Form', transport_type: 'beacon' },
      ],
    ]);
  expect(seen.elsewhere).toEqual([]);
});

test.describe('on the splash screen', () => {
  test.use({ splashSeen: false });

  test('its FR/EN link sends language_change like the header toggle', async ({ page, context }) => {
    const expires = Math.floor(Date.now() / 1000) + 3_600;
    await context.addCookies([
      { name: 'cookieConsent', value: 'accepted', url: server.url, expires },
      { name: 'cookieConsentCategories', value: 'necessary%2Canalytics', url: server.url, expires },
    ]);
    const seen = await observeAnalytics(page);
    await page.goto(`${server.url}/fr`);
    const splash = page.getByRole('dialog', { name: 'Bienvenue chez Sorel Aubry Avocats' });
    await expect(splash).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => typeof Reflect.get(window, 'gtag')))
      .toBe('function');

    const link = splash.getByRole('link', { name: 'English' });
    await expect(link).toHaveAttribute('href', '/en');
    await link.click();
    await page.waitForURL(`${server.url}/en`);
    await expect
      .poll(() => seen.calls)
      .toContainEqual([
        'event',
        'language_change',
        { event_category: 'engagement', event_label: 'Switch to en', transport_type: 'beacon' },
      ]);
  });
});

test('Refuse all: never loaded, not even after a reload, and no event', async ({ page }) => {
  const seen = await observeAnalytics(page);
  await page.goto(`${server.url}/en`);
  await page.getByRole('button', { name: 'Refuse all' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await analyticsInPage(page)).toEqual(NO_ANALYTICS);
  await page.reload();
  expect(await analyticsInPage(page)).toEqual(NO_ANALYTICS);
  // The toggle reports language_change through gtag when there is one: there is none.
  await page.getByTestId('language-toggle').first().click();
  await page.waitForURL(`${server.url}/fr`);
  await hydrated(page);
  expect(await analyticsInPage(page)).toEqual(NO_ANALYTICS);
  expect(seen.requests).toEqual([]);
  expect(seen.calls).toEqual([]);
  expect(await analyticsCookies(page)).toEqual([]);
});

test('a saved choice without analytics: never loaded', async ({ page }) => {
  const seen = await observeAnalytics(page);
  await page.goto(`${server.url}/en`);
  await page.getByRole('button', { name: 'Customise' }).click();
  await page.getByRole('checkbox', { name: 'Functional', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Marketing', exact: true }).check();
  await page.getByRole('button', { name: 'Save my preferences' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await analyticsInPage(page)).toEqual(NO_ANALYTICS);
  await page.reload();
  expect(await analyticsInPage(page)).toEqual(NO_ANALYTICS);
  expect(seen.requests).toEqual([]);
});

test('a saved choice with analytics loads it; withdrawing it stops events and removes _ga cookies', async ({
  page,
  context,
}) => {
  const seen = await observeAnalytics(page);
  await page.goto(`${server.url}/en/mentions-legales`);
  await page.getByRole('button', { name: 'Customise' }).click();
  await page.getByRole('checkbox', { name: 'Audience measurement' }).check();
  await page.getByRole('button', { name: 'Save my preferences' }).click();
  await expect.poll(() => seen.requests.length).toBe(1);
  await expect.poll(() => page.evaluate(() => typeof Reflect.get(window, 'gtag'))).toBe('function');

  // What gtag.js would have written once running.
  const expires = Math.floor(Date.now() / 1000) + 3_600;
  await context.addCookies([
    { name: '_ga', value: 'GA1.1.1.1', url: server.url, expires },
    { name: `_ga_${MEASUREMENT_ID.slice(2)}`, value: 'GS1.1.1', url: server.url, expires },
  ]);

  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await page.getByRole('button', { name: 'Refuse all' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => typeof Reflect.get(window, 'gtag'))).toBe('undefined');
  expect(await analyticsCookies(page)).toEqual([]);
  expect(seen.calls.at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);

  // No gtag any more: the toggle's language_change goes nowhere, and the next page loads none.
  const callsBefore = seen.calls.length;
  await page.getByTestId('language-toggle').first().click();
  await page.waitForURL(`${server.url}/fr/mentions-legales`);
  await hydrated(page);
  expect(await analyticsInPage(page)).toEqual(NO_ANALYTICS);
  expect(seen.calls).toHaveLength(callsBefore);
  expect(seen.requests).toHaveLength(1);
});
