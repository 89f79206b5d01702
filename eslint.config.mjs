import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import noCycle from './scripts/lint/no-cycle.mjs';

// The folders' layers (docs/architecture.md, The folders' layers). Features stand on shared ground
// (every other folder and file of lib/, new ones included) and never import each other; the roots
// (server.ts, proxy.ts, app/, components/) may import anything in lib/.
const FEATURES = ['articles', 'contact', 'audience', 'analytics', 'letters'];
const SHARED = ['lib/*', `lib/!(${FEATURES.join('|')})/**`];
const see = "(docs/architecture.md, The folders' layers)";
const layers = [
  ...FEATURES.flatMap((feature) => [
    ...FEATURES.filter((other) => other !== feature).map((other) => ({
      target: `lib/${feature}`,
      from: `lib/${other}`,
      message: `Features never import each other: lib/${feature} → lib/${other}. Go through shared ground ${see}.`,
    })),
    {
      target: SHARED,
      from: `lib/${feature}`,
      message: `Shared ground imports no feature, and lib/${feature} is one. Move what both need to shared ground, or let a root pass it ${see}.`,
    },
  ]),
  ...['app', 'components'].map((root) => ({
    target: 'lib',
    from: root,
    message: `lib/ never imports ${root}/: lib/ → ${root}/. Move what both need into lib/ ${see}.`,
  })),
];
// What bench/, scripts/ and tests share lives in harness/, which the site's own code never imports.
const harness = {
  target: ['lib', 'app', 'components', 'server.ts', 'proxy.ts'],
  from: 'harness',
  message: `The site never imports harness/: it is for tests, bench/ and scripts/ ${see}.`,
};
const tests = {
  target: '.',
  from: 'tests',
  message: `Only test code imports tests/: move what others need to harness/ ${see}.`,
};
const TEST_CODE = ['tests/**', '**/*.test.ts'];
const basePath = import.meta.dirname;

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Deliberate: pages are server-rendered documents reached by full page loads
      // (docs/behaviour.md, Addresses: links to home sections), which keeps the client bundle to
      // the small interactive leaves.
      '@next/next/no-html-link-for-pages': 'off',
    },
  },
  {
    plugins: { architecture: { rules: { 'no-cycle': noCycle } } },
    rules: {
      'import/no-restricted-paths': ['error', { basePath, zones: [...layers, harness, tests] }],
      'architecture/no-cycle': 'error',
    },
  },
  {
    files: TEST_CODE,
    rules: { 'import/no-restricted-paths': ['error', { basePath, zones: layers }] },
  },
  {
    // Playwright fixtures call their callback `use`, which is not a React hook.
    files: ['tests/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The Google Sheet's bound Apps Script (V8): a plain script whose top-level functions are its
    // entry points (onOpen, the menu's actions), with Apps Script's services as globals.
    files: ['integrations/google-sheets/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      parserOptions: { sourceType: 'script' },
      globals: {
        SpreadsheetApp: 'readonly',
        UrlFetchApp: 'readonly',
        PropertiesService: 'readonly',
        HtmlService: 'readonly',
      },
    },
    rules: {
      'no-undef': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { vars: 'local' }],
    },
  },
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'bench/floor/.next/**',
    'dist/**',
    'node_modules/**',
    'data/**',
    'outbox/**',
    'test-results/**',
    'test-reports/**',
    'playwright-report/**',
    '**/next-env.d.ts',
  ]),
]);
