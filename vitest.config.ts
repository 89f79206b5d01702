import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./', import.meta.url)),
  // 'server-only' throws outside React Server Components; in Node tests it is just a marker.
  'server-only': fileURLToPath(new URL('./tests/support/empty-module.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'lib/**/*.test.ts',
            'components/**/*.test.ts',
            'scripts/**/*.test.ts',
            'integrations/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          // Each file starts real servers (next start, SQLite/PostgreSQL, SMTP, the sheet): one at a time.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'engines',
          environment: 'node',
          // The visitor journeys in WebKit and Firefox (tests/engines/engine.ts); ENGINES=webkit
          // runs one engine alone. One site for the whole run, started by the global setup.
          include: ['tests/engines/**/*.test.ts'],
          globalSetup: ['tests/engines/global-setup.ts'],
          // Two files at a time, each with its own Firefox and WebKit window: the 2-core CI.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
