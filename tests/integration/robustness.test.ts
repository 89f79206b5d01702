import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactStore } from '@/lib/contact/storage/store';
import { openDatabase } from '@/lib/db/client';
import { contactRequest } from '../../harness/contact-load';
import { startNextServer, type NextServer } from '../../harness/next-server';
import {
  LARGE_SHEET_TITLE,
  startSheetServer,
  type SheetRow,
  type SheetServer,
} from '../../harness/sheet-server';

/**
 * The site under load and under sheet faults: real `next start`, real HTTP sheet, real SQLite
 * file. Traffic stays on the loopback interface. What is asserted is what visitors get (pages,
 * stored messages, no server error); how fast they get it is `npm run bench:resilience`.
 */
const SECRET = 'robustness-secret';
const rows: SheetRow[] = [
  {
    titre: 'Veille sociale du 6 mai 2025',
    resume: 'Sélection de la quinzaine.',
    contenu: 'Texte **important**.',
    statut: 'Publié',
    tags: 'Veille',
  },
  {
    titre: 'Rupture conventionnelle',
    resume: 'Les étapes.',
    contenu: 'Homologation.',
    statut: 'Oui',
    tags: 'Procédure',
  },
];
const slug = 'veille-sociale-du-6-mai-2025';

let sheet: SheetServer;
let server: NextServer;
let dataDir: string;

/** How many contact messages the site stored. */
async function storedMessages(): Promise<number> {
  const store = contactStore(await openDatabase(`file:${path.join(dataDir, 'site.db')}`));
  try {
    return (await store.list()).length;
  } finally {
    await store.close();
  }
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function serverErrors(result: autocannon.Result): number {
  return Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, stats]) => sum + (stats as { count: number }).count, 0);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sa-robustness-'));
  sheet = await startSheetServer({ kind: 'rows', rows });
  server = await startNextServer({
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
    DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    TRUST_PROXY: 'true',
  });
});

afterAll(async () => {
  await server?.stop();
  await sheet?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('while the sheet misbehaves', () => {
  const list = `/fr/actualites`;
  /** `amount` requests for the list, 10 at a time: every one must be a page of the cached articles. */
  const visitors = (amount: number) =>
    run({ url: `${server.url}${list}`, connections: 10, amount, timeout: 30 });
  const refresh = () =>
    fetch(`${server.url}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    });
  const expectServed = async (load: autocannon.Result) => {
    expect(serverErrors(load)).toBe(0);
    expect(load.non2xx).toBe(0);
    expect(load.errors).toBe(0);
    expect(load.requests.sent).toBeGreaterThan(0);
    const page = await (await fetch(`${server.url}${list}`)).text();
    expect(page).toContain('Veille sociale du 6 mai 2025');
    expect(page).not.toContain(LARGE_SHEET_TITLE);
  };

  it('serves the cached articles to every visitor while a refresh waits on a slow sheet, then the new ones', async () => {
    expect(await (await fetch(`${server.url}${list}`)).text()).toContain('Veille sociale');
    let answer = () => {};
    const before = sheet.hits();
    sheet.set({
      kind: 'held',
      until: new Promise<void>((resolve) => (answer = resolve)),
      rows: [...rows, { titre: 'Arrivé après la lenteur', statut: 'Publié' }],
    });
    // The firm asks for an immediate refresh while the sheet is slow to answer.
    let refreshed = false;
    const revalidate = refresh().finally(() => (refreshed = true));
    await expect.poll(() => sheet.hits(), { timeout: 30_000 }).toBeGreaterThan(before);
    // Visitors are answered while the refresh still waits for the sheet, which the site would
    // give up on only after 8 s (SHEET_TIMEOUT_MS): five pages take a fraction of that.
    for (let i = 0; i < 5; i += 1) {
      const page = await fetch(`${server.url}${list}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Veille sociale du 6 mai 2025');
      expect(refreshed).toBe(false);
    }
    answer();
    expect((await revalidate).status).toBe(200);
    expect(await (await fetch(`${server.url}${list}`)).text()).toContain('Arrivé après la lenteur');
    sheet.set({ kind: 'rows', rows });
    expect((await refresh()).status).toBe(200);
  });

  it('keeps the cached articles when the sheet fails, answers garbage or more than 5 MB, and says why; reads 5 MB less a little', async () => {
    for (const [fault, why] of [
      [{ kind: 'status', status: 500 }, /erreur \(500\)/],
      [{ kind: 'garbage' }, /n’a pas répondu par un tableau d’articles/],
      // A well-formed answer over 5 MB: its length declared, or not (streamed).
      [{ kind: 'large', bytes: 5 * 1024 * 1024, declared: true }, /too large/],
      [{ kind: 'large', bytes: 5 * 1024 * 1024, declared: false }, /larger than 5242880 bytes/],
    ] as const) {
      sheet.set(fault);
      const [answer, load] = await Promise.all([refresh(), visitors(50)]);
      expect(answer.status, fault.kind).toBe(502);
      expect(((await answer.json()) as { message: string }).message).toMatch(why);
      await expectServed(load);
    }
    // Just under 5 MB, the same answer is read.
    sheet.set({ kind: 'large', bytes: 5 * 1024 * 1024 - 65_536, declared: false });
    expect((await refresh()).status).toBe(200);
    expect(await (await fetch(`${server.url}${list}`)).text()).toContain(LARGE_SHEET_TITLE);
    sheet.set({ kind: 'rows', rows });
    expect((await refresh()).status).toBe(200);
  }, 120_000);
});

describe('under load', () => {
  it('serves 200 connections for 60 s across pages and the contact API with no 5xx and no crash, storing every message it accepted', async () => {
    const result = await run({
      url: server.url,
      connections: 200,
      duration: 60,
      // 200 connections on one Node process queue for seconds at the tail: a slow answer is
      // not a failure here, a 5xx, a reset or a crash is. (How slow, and the server's memory:
      // npm run bench:resilience.)
      timeout: 30,
      requests: [
        { method: 'GET', path: '/fr' },
        { method: 'GET', path: '/en/actualites' },
        { method: 'GET', path: `/fr/blog/${slug}` },
        contactRequest(),
      ],
    });
    console.log(
      `load: ${result.requests.total} requests, status ${JSON.stringify(result.statusCodeStats)}, ${result.errors} client errors (${result.timeouts} timeouts)`,
    );
    expect(serverErrors(result)).toBe(0);
    expect(server.process.exitCode).toBeNull();
    // Each kind of request was answered: pages (200) and messages (201).
    const stats = result.statusCodeStats as Record<string, { count: number } | undefined>;
    expect(stats['200']?.count ?? 0).toBeGreaterThan(0);
    const accepted = stats['201']?.count ?? 0;
    expect(accepted).toBeGreaterThan(0);
    // Every message answered 201 is stored. One whose answer never came (the client gave up
    // after 30 s, or the run ended while it was under way) may be stored too.
    const stored = await storedMessages();
    expect(stored).toBeGreaterThanOrEqual(accepted);
    expect(stored).toBeLessThanOrEqual(accepted + result.requests.sent - result.requests.total);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  }, 180_000);
});
