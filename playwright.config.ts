import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run Debian's Chromium (/usr/bin/chromium) against the production build served by
 * `next start`; `npm test` builds it first. Nothing here reaches the internet.
 */
const port = Number(process.env.E2E_PORT ?? 3900);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node node_modules/next/dist/bin/next start -p ${port}`,
      url: `${baseURL}/robots.txt`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NEXT_TELEMETRY_DISABLED: '1',
        SITE_URL: 'https://www.sorel-aubry-avocats.fr',
        // Contact form (tests/e2e/contact-form.spec.ts): a throwaway SQLite file and .eml outbox;
        // X-Forwarded-For is trusted so that each test is a distinct visitor for the rate limit.
        DATABASE_URL: 'file:./test-results/e2e-contact.db',
        OUTBOX_DIR: './test-results/e2e-outbox',
        TRUST_PROXY: 'true',
      },
    },
  ],
});
