import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Deliberate: pages are server-rendered documents reached by full page loads (SPEC 2.3 asks
      // for them), which keeps the client bundle to the small interactive leaves.
      '@next/next/no-html-link-for-pages': 'off',
    },
  },
  {
    // Playwright fixtures call their callback `use`, which is not a React hook.
    files: ['tests/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'node_modules/**',
    'data/**',
    'outbox/**',
    'test-results/**',
    'test-reports/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
]);
