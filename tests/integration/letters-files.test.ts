import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { lettersStore } from '@/lib/letters/store';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetServer } from '../../harness/sheet-server';

/**
 * Without SMTP_URL the production build writes the letters as .eml files, like every e-mail,
 * and says at start that subscribers exist but no SMTP server is set.
 */
const SECRET = 'letters-files-secret-0123456789';
const slug = 'la-clause-de-non-concurrence';

let dir: string;
let sheet: SheetServer;
let site: NextServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sa-letters-files-'));
  const databaseUrl = `file:${path.join(dir, 'site.db')}`;
  const store = lettersStore(await openDatabase(databaseUrl));
  const now = Date.now();
  for (const address of ['une@example.test', 'deux@example.test']) {
    const subscriber = await store.subscribe({ address, locale: 'fr', page: '/fr', now });
    await store.confirm(subscriber!.id, now);
  }
  await store.close();
  sheet = await startSheetServer({
    kind: 'rows',
    rows: [{ titre: 'La clause de non-concurrence', contenu: 'x', statut: 'Publié' }],
  });
  site = await startNextServer({
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
    SITE_URL: 'https://www.example.test',
    DATABASE_URL: databaseUrl,
    SMTP_URL: '',
    OUTBOX_DIR: path.join(dir, 'outbox'),
    NEWSLETTER_RATE_PER_MINUTE: '0',
    CONTACT_OUTBOX_POLL_MS: '100',
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await sheet?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('writes the letters as .eml files and warns at start that no SMTP server is set', async () => {
  await expect
    .poll(() => site.output(), { timeout: 30_000 })
    .toMatch(/2 confirmed subscriber\(s\) but SMTP_URL is not set/);
  const response = await fetch(`${site.url}/api/letters/${slug}/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET}` },
  });
  expect(response.status).toBe(200);
  const letters = () =>
    readdirSync(path.join(dir, 'outbox'), { withFileTypes: true })
      .filter((entry) => entry.name.startsWith('letter-') && entry.name.endsWith('.eml'))
      .map((entry) => readFileSync(path.join(dir, 'outbox', entry.name), 'utf8'));
  await expect.poll(() => letters().length, { timeout: 30_000 }).toBe(2);
  const written = letters().join('\n');
  expect(written).toContain('To: une@example.test');
  expect(written).toContain('To: deux@example.test');
  expect(written).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
});
