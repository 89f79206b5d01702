import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/chromium.mjs';

/**
 * Browser tests run Debian's Chromium (/usr/bin/chromium) against the production build served as
 * `npm start` serves it (dist/server.mjs); `npm test` builds it first. Nothing here reaches the
 * internet.
 */
const port = Number(process.env.E2E_PORT ?? 3900);
export const baseURL = `http://127.0.0.1:${port}`;

// --- Articles (issue 4): a local stand-in for the Google Sheet, read by the site below. ---
const sheetPort = port + 5;
export const e2eSheetUrl = `http://127.0.0.1:${sheetPort}/gviz/tq?tqx=out:json&sheet=Articles`;
const articlesSheetServer = {
  command: 'node node_modules/tsx/dist/cli.mjs tests/support/e2e-sheet-main.ts',
  url: e2eSheetUrl,
  reuseExistingServer: false,
  timeout: 30_000,
  env: { SHEET_PORT: String(sheetPort) },
};
/** The site's REVALIDATE_SECRET: tests/e2e/article-preview.spec.ts asks for the row report with it. */
export const e2eRevalidateSecret = 'e2e-revalidate-secret';
const articlesEnv = { ARTICLES_SHEET_URL: e2eSheetUrl, REVALIDATE_SECRET: e2eRevalidateSecret };
// --- end of articles block ---

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // A safety net for a hung test, not a speed check: on a loaded 2-core CI machine a long test
  // (page, hydration, form, toast) has been seen near 30 s.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    articlesSheetServer,
    {
      command: 'node dist/server.mjs',
      url: `${baseURL}/robots.txt`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: String(port),
        SITE_URL: 'https://www.sorel-aubry-avocats.fr',
        ...articlesEnv,
        // Contact form (tests/e2e/contact-form.spec.ts): a throwaway SQLite file and .eml outbox;
        // X-Forwarded-For is trusted so that each test is a distinct visitor for the rate limit.
        DATABASE_URL: 'file:./test-results/e2e-contact.db',
        OUTBOX_DIR: './test-results/e2e-outbox',
        TRUST_PROXY: 'true',
      },
    },
  ],
});
