import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { lettersStore, UNCONFIRMED_KEEP_MS } from '@/lib/letters/store';
import { TestDatabases, type Dialect } from '../support/contact';

/**
 * `npm run subscribers` on a real database of each kind, as the operator runs it: the
 * subscribers with their consent records, as text and as CSV on standard output.
 */
const databases = new TestDatabases();
afterAll(() => databases.stop());

const HOUR = 3_600_000;

/** What `npm run subscribers -- …args` printed and its exit code, on the given database. */
function subscribersCommand(
  databaseUrl: string,
  args: string[],
): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/subscribers.ts', ...args],
      { cwd: path.resolve(__dirname, '../..'), env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ stdout, stderr, code: error ? Number(error.code) : 0 });
      },
    );
  });
}

describe.each<Dialect>(['sqlite', 'postgres'])('npm run subscribers on %s', (dialect) => {
  it('lists every subscriber with her consent record, newest consent first, as text and CSV', async () => {
    const url = await databases.url(dialect);
    expect(await subscribersCommand(url, [])).toEqual({
      code: 0,
      stdout: 'No subscribers.\n',
      stderr: '',
    });

    const store = lettersStore(await openDatabase(url));
    const day = (n: number) => Date.UTC(2026, 9, n, 8);
    const subscribe = async (address: string, locale: 'fr' | 'en', page: string, at: number) =>
      (await store.subscribe({ address, locale, page, now: at }))!.id;
    const claire = await subscribe('claire@example.test', 'fr', '/fr/blog', day(10));
    const reader = await subscribe('reader@example.test', 'en', '/en/blog/note', day(11));
    // An address a spreadsheet would read as a formula, never confirmed.
    await subscribe('=1+1@example.test', 'fr', '/fr', day(12));
    await store.confirm(claire, day(10) + HOUR);
    await store.confirm(reader, day(11) + 2 * HOUR);
    await store.close();

    const text = await subscribersCommand(url, []);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('\n')).toEqual([
      '2 confirmed subscriber(s) (1 fr, 1 en), 1 unconfirmed; newest consent first:',
      '',
      `=1+1@example.test  (fr)  [unconfirmed, deleted after ${new Date(day(12) + UNCONFIRMED_KEEP_MS).toISOString()}]`,
      `  consent ${new Date(day(12)).toISOString()} on /fr`,
      `reader@example.test  (en)  [confirmed ${new Date(day(11) + 2 * HOUR).toISOString()}]`,
      `  consent ${new Date(day(11)).toISOString()} on /en/blog/note`,
      `claire@example.test  (fr)  [confirmed ${new Date(day(10) + HOUR).toISOString()}]`,
      `  consent ${new Date(day(10)).toISOString()} on /fr/blog`,
      '',
    ]);

    const csv = await subscribersCommand(url, ['--csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split('\n')).toEqual([
      'address,locale,state,consented_at,consent_page,confirmed_at',
      `'=1+1@example.test,fr,unconfirmed,${new Date(day(12)).toISOString()},/fr,`,
      `reader@example.test,en,confirmed,${new Date(day(11)).toISOString()},/en/blog/note,${new Date(day(11) + 2 * HOUR).toISOString()}`,
      `claire@example.test,fr,confirmed,${new Date(day(10)).toISOString()},/fr/blog,${new Date(day(10) + HOUR).toISOString()}`,
      '',
    ]);

    const wrong = await subscribersCommand(url, ['--addresses']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/Usage: npm run subscribers -- \[--csv\]/);
  });
});
