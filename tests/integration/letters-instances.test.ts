import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { lettersStore, type LettersStore } from '@/lib/letters/store';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetRow, type SheetServer } from '../../harness/sheet-server';
import { TestDatabases } from '../support/contact';
import { SmtpSink } from '../support/smtp-sink';

/**
 * Two instances of the production build on one PostgreSQL database send the legal watch's
 * letters: at the rate set for the whole site, not each its own; and one letter per subscriber
 * when one instance is stopped by SIGTERM in the middle of a send and the SMTP server is down
 * for part of it.
 */
const SECRET = 'letters-instances-secret-0123';
const SITE = 'https://www.example.test';
const RATE_PER_MINUTE = 300;
const INTERVAL_MS = 60_000 / RATE_PER_MINUTE;
const SUBSCRIBERS = 24;

const article = (titre: string): SheetRow => ({
  titre,
  resume: `Résumé de ${titre}.`,
  contenu: 'Texte.',
  statut: 'Publié',
  date: 'Date(2025,3,25)',
});
const paced = { title: 'Le barème Macron en appel', slug: 'le-bareme-macron-en-appel' };
const stopped = { title: 'Le forfait jours en cassation', slug: 'le-forfait-jours-en-cassation' };

const databases = new TestDatabases();
let sheet: SheetServer;
let sink: SmtpSink;
let store: LettersStore;
let databaseUrl: string;
let sites: NextServer[] = [];
const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `abonne${i}@example.test`);

const startSite = () =>
  startNextServer({
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
    SITE_URL: SITE,
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    CONTACT_TO: 'cabinet@example.test',
    NEWSLETTER_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
    LETTERS_CHECK_MS: '200',
    CONTACT_OUTBOX_POLL_MS: '100',
    CONTACT_RETRY_BASE_MS: '100',
  });
const send = async (site: NextServer, slug: string) => {
  const response = await fetch(`${site.url}/api/letters/${slug}/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET}` },
  });
  expect(response.status).toBe(200);
};
const stateOn = async (site: NextServer, slug: string) => {
  const response = await fetch(`${site.url}/api/letters/${slug}`, {
    headers: { authorization: `Bearer ${SECRET}` },
  });
  return ((await response.json()) as { send: { state: string; sent: number } }).send;
};
const received = (title: string) =>
  sink.received
    .map((mail, index) => ({ mail, at: sink.receivedAt[index]! }))
    .filter(({ mail }) => (mail.headers.subject ?? '').includes(title));
const deliveredBy = (site: NextServer) =>
  site.output().match(/\[mail\] outbox: letter \S+ delivered/g)?.length ?? 0;

beforeAll(async () => {
  databaseUrl = await databases.url('postgres');
  sheet = await startSheetServer({
    kind: 'rows',
    rows: [article(paced.title), article(stopped.title)],
  });
  sink = await SmtpSink.start('up');
  store = lettersStore(await openDatabase(databaseUrl));
  const now = Date.now();
  for (const [i, address] of addresses.entries()) {
    const locale = i % 4 === 0 ? 'en' : 'fr';
    const subscriber = await store.subscribe({ address, locale, page: '/fr/blog', now });
    await store.confirm(subscriber!.id, now);
  }
  sites = await Promise.all([startSite(), startSite()]);
}, 180_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await store?.close();
  await sink?.close();
  await sheet?.close();
  databases.stop();
});

describe('letters from two instances on PostgreSQL', () => {
  it('keeps the site-wide rate: both instances send, and together no faster than the rate', async () => {
    const [first, second] = sites as [NextServer, NextServer];
    await send(first, paced.slug);
    await expect
      .poll(async () => (await stateOn(second, paced.slug)).state, { timeout: 120_000 })
      .toBe('sent');
    const letters = received(paced.title);
    expect(letters.map(({ mail }) => mail.to[0]).sort()).toEqual([...addresses].sort());
    expect(deliveredBy(first)).toBeGreaterThan(0);
    expect(deliveredBy(second)).toBeGreaterThan(0);
    // Each letter waits its turn after the one before, whichever instance sent it: the first and
    // the last are at least (n - 1) intervals apart, less a fifth for the SMTP exchange's jitter.
    // Paced per instance, two instances would take half as long.
    const times = letters.map(({ at }) => at).sort((a, b) => a - b);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((SUBSCRIBERS - 1) * INTERVAL_MS * 0.8);
  });

  it('sends one letter per subscriber when an instance is stopped mid-send and SMTP is down for a while', async () => {
    const [first, second] = sites as [NextServer, NextServer];
    await send(first, stopped.slug);
    await expect.poll(() => received(stopped.title).length, { timeout: 60_000 }).toBeGreaterThan(3);
    expect(await first.stop('SIGTERM')).toBe(143);
    const before = received(stopped.title).length;
    expect(before).toBeLessThan(SUBSCRIBERS);
    await sink.set('down');
    await expect
      .poll(() => /letter \S+ not delivered/.test(second.output()), { timeout: 60_000 })
      .toBe(true);
    await sink.set('up');
    await expect
      .poll(async () => (await stateOn(second, stopped.slug)).state, { timeout: 120_000 })
      .toBe('sent');
    const letters = received(stopped.title).map(({ mail }) => mail);
    expect(letters.map((mail) => mail.to[0]).sort()).toEqual([...addresses].sort());
    expect(new Set(letters.map((mail) => mail.headers['message-id'])).size).toBe(SUBSCRIBERS);
    expect((await stateOn(second, stopped.slug)).sent).toBe(SUBSCRIBERS);
  });
});
