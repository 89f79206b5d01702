import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

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
