import { test as base, expect, type Page } from '@playwright/test';

/** The session cookie the splash sets when the visitor enters the site (lib/session-cookie.ts). */
export const SPLASH_SEEN_COOKIE = { name: 'sa-session', value: 'splash-seen' } as const;

/**
 * The visitor of most tests has already entered the site in this browser session (no splash)
 * and already answered the cookie banner ('dismissed', so it stays hidden and nothing is tracked).
 * Tests about the splash set `splashSeen: false`; tests about the banner set `consentStored: false`.
 */
export const test = base.extend<{ splashSeen: boolean; consentStored: boolean }>({
  splashSeen: [true, { option: true }],
  consentStored: [true, { option: true }],
  page: async ({ page, splashSeen, consentStored, baseURL, javaScriptEnabled }, use) => {
    if (consentStored && baseURL) {
      await page.context().addCookies([
        {
          name: 'cookieConsent',
          value: 'dismissed',
          url: baseURL,
          expires: Math.floor(Date.now() / 1000) + 86_400,
          sameSite: 'Lax',
        },
      ]);
    }
    if (splashSeen && baseURL) {
      // No expiry: a session cookie, as the splash sets it.
      await page.context().addCookies([{ ...SPLASH_SEEN_COOKIE, url: baseURL, sameSite: 'Lax' }]);
    }
    // Tests never reach the internet: the office map (loaded after the visitor's click or
    // functional consent) is answered locally, anything else outside this machine is refused.
    // A test's own page.route() handlers take precedence over these.
    await page.context().route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
      (route) =>
        new URL(route.request().url()).hostname === 'www.openstreetmap.org'
          ? route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Plan</title>' })
          : route.abort('blockedbyclient'),
    );
    // Every page must run under its Content-Security-Policy without a single violation.
    const cspViolations: string[] = [];
    if (javaScriptEnabled) {
      await page.exposeFunction('__reportCspViolation', (violation: string) =>
        cspViolations.push(violation),
      );
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation?: (v: string) => void })
            .__reportCspViolation;
          report?.(
            `${event.violatedDirective} ${event.blockedURI} on ${document.location.pathname}`,
          );
        });
      });
    }
    if (javaScriptEnabled) {
      // A visitor acts on a page once it is interactive: wait for hydration after each load.
      const hydrated = () => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.ok() || response?.status() === 404) await hydrated();
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (options) => {
        const response = await reload(options);
        await hydrated();
        return response;
      };
    }
    await use(page);
    expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };

/** The distance between an element's top and the viewport's top, in CSS pixels. */
export async function topOffset(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);
}

/** Waits until scrolling has settled (smooth scrolling takes a few frames). */
export async function waitForScrollEnd(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const start = window.scrollY;
        setTimeout(() => resolve(window.scrollY === start), 200);
      }),
    undefined,
    { timeout: 10_000 },
  );
}
