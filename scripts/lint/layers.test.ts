import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The folders' layers as `npm run lint` checks them (docs/architecture.md, The folders' layers):
// ESLint with the project's own eslint.config.mjs, on source text placed at a path of the tree.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** Every message ESLint gives `code` as the file `file` (relative to the root). */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => `${ruleId}: ${message}`);
}

describe('the folders’ layers in npm run lint', { timeout: 120_000 }, () => {
  it('fail a feature that imports another feature', async () => {
    expect(await lint('lib/contact/x.ts', "export * from '@/lib/audience/tally';\n")).toEqual([
      expect.stringContaining(
        'Features never import each other: lib/contact → lib/audience. Go through shared ground',
      ),
    ]);
  });

  it('fail shared ground that imports a feature, a new folder of lib/ included', async () => {
    expect(await lint('lib/seo/x.ts', "export * from '@/lib/articles/images';\n")).toEqual([
      expect.stringContaining('Shared ground imports no feature, and lib/articles is one.'),
    ]);
    expect(await lint('lib/new-ground/x.ts', "export * from '@/lib/contact/runtime';\n")).toEqual([
      expect.stringContaining('Shared ground imports no feature, and lib/contact is one.'),
    ]);
  });

  it('fail lib/ importing components/ or app/', async () => {
    expect(await lint('lib/articles/x.ts', "export * from '@/components/ui/icon';\n")).toEqual([
      expect.stringContaining('lib/ never imports components/'),
    ]);
    expect(await lint('lib/i18n/x.ts', "export * from '@/app/robots';\n")).toEqual([
      expect.stringContaining('lib/ never imports app/'),
    ]);
  });

  it('fail code other than tests importing tests/, and let tests do it', async () => {
    const code = "export * from '../tests/support/empty-module';\n";
    expect(await lint('scripts/x.ts', code)).toEqual([
      expect.stringContaining('Only test code imports tests/'),
    ]);
    expect(await lint('scripts/x.test.ts', code)).toEqual([]);
  });

  it('fail the site importing harness/, and let bench/ and scripts/ do it', async () => {
    const code = "export * from '@/harness/ports';\n";
    expect(await lint('lib/contact/x.ts', code)).toEqual([
      expect.stringContaining('The site never imports harness/'),
    ]);
    expect(await lint('server.ts', code)).toEqual([
      expect.stringContaining('The site never imports harness/'),
    ]);
    expect(await lint('bench/x.ts', code)).toEqual([]);
  });

  it('fail a cycle, type-only included', async () => {
    // lib/i18n/paths.ts imports lib/i18n/locales.ts.
    const cycle = expect.stringContaining(
      'Imports never form a cycle, type-only ones included: lib/i18n/locales.ts → lib/i18n/paths.ts → lib/i18n/locales.ts.',
    );
    expect(await lint('lib/i18n/locales.ts', "export * from './paths';\n")).toEqual([cycle]);
    expect(await lint('lib/i18n/locales.ts', "export type * from './paths';\n")).toEqual([cycle]);
  });

  it('let a feature import shared ground, and a root import any feature', async () => {
    expect(await lint('lib/articles/x.ts', "export * from '@/lib/security/page-cache';\n")).toEqual(
      [],
    );
    expect(await lint('components/x.ts', "export * from '@/lib/audience/tally';\n")).toEqual([]);
  });
});
