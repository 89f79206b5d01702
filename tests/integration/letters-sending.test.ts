import { rmSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { sqliteShaped } from '@/lib/db/dialects';
import { letterSendsPg, letterSendsSqlite, lettersPg, lettersSqlite } from '@/lib/db/schema';
import { lettersStore, type LettersStore } from '@/lib/letters/store';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetRow, type SheetServer } from '../../harness/sheet-server';
import { decodedText, SmtpSink, type ReceivedMail } from '../support/smtp-sink';

/**
 * The legal watch's sending side on the production build, as the Sheet's sidebar drives it: the
 * letter's preview, the test to the firm, the send, a send queued until its article's publier_le,
 * cancel, stop, a second send refused, the 5xx rule, and /api/health while letters wait. The
 * sheet and the SMTP server are real servers on loopback; subscribers are stored as the
 * subscription form stores them (lib/letters/store.ts).
 */
const SECRET = 'letters-secret-0123456789';
const SITE = 'https://www.example.test';
const FIRM = 'cabinet@example.test';
const auth = { authorization: `Bearer ${SECRET}` };

/** A Paris wall time `seconds` from now, as gviz sends a date-time cell, and that instant. */
function parisCellIn(seconds: number): { cell: string; at: number } {
  const at = Temporal.Now.zonedDateTimeISO('Europe/Paris')
    .add({ seconds })
    .round({ smallestUnit: 'second', roundingMode: 'ceil' });
  return {
    cell: `Date(${at.year},${at.month - 1},${at.day},${at.hour},${at.minute},${at.second})`,
    at: at.epochMilliseconds,
  };
}

const online: SheetRow = {
  titre: 'Congés payés et arrêt maladie',
  resume: 'Ce que change la jurisprudence pour les congés.',
  contenu: 'Texte.',
  statut: 'Publié',
  date: 'Date(2025,3,25)',
  title_en: 'Paid leave and sick leave',
  summary_en: 'What the case law changes for paid leave.',
  content_en: 'Text.',
};
const onlineSlug = 'conges-payes-et-arret-maladie';
// English left empty: each column falls back to French.
const second: SheetRow = {
  titre: 'Rupture conventionnelle : les délais',
  resume: 'Les délais à respecter.',
  contenu: 'Texte.',
  statut: 'Publié',
  date: 'Date(2025,4,2)',
};
const secondSlug = 'rupture-conventionnelle-les-delais';
const farTitle = 'Barème : note de 2099';
const farSlug = 'bareme-note-de-2099';
const soonTitle = 'Forfait jours, la note programmée';
const soonSlug = 'forfait-jours-la-note-programmee';
const scheduled = (titre: string, publierLe: string): SheetRow => ({
  titre,
  resume: 'Une note qui attend son heure.',
  contenu: 'Texte.',
  statut: 'Publié',
  date: 'Date(2025,4,1)',
  publier_le: publierLe,
});
const drafted: SheetRow = {
  titre: 'Brouillon sur le télétravail',
  contenu: 'x',
  statut: 'Brouillon',
};
const draftSlug = 'brouillon-sur-le-teletravail';

const readers = [
  { address: 'alice@example.test', locale: 'fr' as const },
  { address: 'bruno@example.test', locale: 'fr' as const },
  { address: 'chloe@example.test', locale: 'fr' as const },
  { address: 'david@example.test', locale: 'en' as const },
  { address: 'emma@example.test', locale: 'en' as const },
];
const refused = 'nobody@example.test';

let dir: string;
let databaseUrl: string;
let sheet: SheetServer;
let sink: SmtpSink;
let site: NextServer;
let store: LettersStore;
let soonAt = 0;
const subscriberIds = new Map<string, string>();

const api = (pathname: string, method = 'GET', headers: Record<string, string> = auth) =>
  fetch(`${site.url}/api/letters/${pathname}`, { method, headers });
/** What the sidebar reads of the site's answers (lib/letters/desk.ts). */
interface DeskBody {
  slug?: string;
  online?: boolean;
  outcome?: string;
  error?: string;
  message: string;
  firstSentAt: string;
  letters: Record<'fr' | 'en', { subject: string; text: string }>;
  subscribers: { fr: number; en: number; total: number };
  send: { state: string; sent: number; dropped: number; refused: number; finishedAt: string };
}
const json = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as DeskBody,
});
const lettersOf = (slugTitle: string) =>
  sink.received.filter(
    (mail) => !mail.to.includes(FIRM) && (mail.headers.subject ?? '').includes(slugTitle),
  );
const stateOf = async (slug: string) => (await json(await api(slug))).body.send;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sa-letters-'));
  databaseUrl = `file:${path.join(dir, 'site.db')}`;
  const soon = parisCellIn(25);
  soonAt = soon.at;
  sheet = await startSheetServer({
    kind: 'rows',
    rows: [
      online,
      second,
      scheduled(farTitle, 'Date(2099,0,5,8,0,0)'),
      scheduled(soonTitle, soon.cell),
      drafted,
    ],
  });
  sink = await SmtpSink.start('up');
  sink.refusing.add(refused);
  store = lettersStore(await openDatabase(databaseUrl));
  const now = Date.now();
  for (const reader of [...readers, { address: refused, locale: 'fr' as const }]) {
    const subscriber = await store.subscribe({ ...reader, page: '/fr/blog', now });
    await store.confirm(subscriber!.id, now);
    subscriberIds.set(reader.address, subscriber!.id);
  }
  // Not confirmed: never written to.
  await store.subscribe({ address: 'pending@example.test', locale: 'fr', page: '/fr', now });
  site = await startNextServer({
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
    SITE_URL: SITE,
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    CONTACT_TO: FIRM,
    CONTACT_FROM: 'Site <site@example.test>',
    NEWSLETTER_RATE_PER_MINUTE: '600',
    LETTERS_CHECK_MS: '200',
    CONTACT_OUTBOX_POLL_MS: '100',
    CONTACT_RETRY_BASE_MS: '100',
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await store?.close();
  await sink?.close();
  await sheet?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Sheet’s "Envoyer aux abonnés…" on the production build', () => {
  it('refuses every call without the editors’ secret', async () => {
    expect((await api(onlineSlug, 'GET', {})).status).toBe(401);
    for (const action of ['test', 'send', 'cancel', 'stop'])
      expect((await api(`${onlineSlug}/${action}`, 'POST', {})).status).toBe(401);
    expect(lettersOf(online.titre as string)).toHaveLength(0);
  });

  it('shows the letter in each language, English falling back to French, and the confirmed subscribers', async () => {
    const view = await json(await api(onlineSlug));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      slug: onlineSlug,
      online: true,
      subscribers: { fr: 4, en: 2, total: 6 },
      send: { state: 'none' },
    });
    expect(view.body.letters.fr.subject).toContain('Congés payés et arrêt maladie');
    expect(view.body.letters.fr.text).toContain(`${SITE}/fr/blog/${onlineSlug}`);
    expect(view.body.letters.en.subject).toContain('Paid leave and sick leave');
    expect(view.body.letters.en.text).toContain('What the case law changes for paid leave.');
    const fallback = (await json(await api(secondSlug))).body;
    expect(fallback.letters.en.subject).toContain('Rupture conventionnelle');
    expect(fallback.letters.en.text).toContain('Les délais à respecter.');
    expect(fallback.letters.en.text).toContain(`${SITE}/en/blog/${secondSlug}`);
    expect((await api('aucune-ligne-de-ce-nom')).status).toBe(404);
  });

  it('sends the exact letters to the firm as a test, "[Essai]" in the subject, and no subscriber', async () => {
    const answer = await json(await api(`${onlineSlug}/test`, 'POST'));
    expect(answer.status).toBe(200);
    const tests = await waitForMails(2, (mail) => mail.to.includes(FIRM));
    expect(tests.map((mail) => mail.headers.subject).sort()).toEqual([
      '[Essai] Employment-law updates · Paid leave and sick leave',
      '[Essai] Veille sociale · Congés payés et arrêt maladie',
    ]);
    expect(lettersOf(online.titre as string)).toHaveLength(0);
    expect((await stateOf(onlineSlug)).state).toBe('none');
  });

  it('sends an online article once to each confirmed subscriber, in her language, with one-click unsubscribe', async () => {
    const answer = await json(await api(`${onlineSlug}/send`, 'POST'));
    expect(answer.status).toBe(200);
    expect(answer.body.outcome).toBe('started');
    await expect
      .poll(async () => (await stateOf(onlineSlug)).state, { timeout: 60_000 })
      .toBe('sent');
    const letters = [
      ...lettersOf('Congés payés et arrêt maladie'),
      ...lettersOf('Paid leave and sick leave'),
    ];
    expect(letters.map((mail) => mail.to[0]).sort()).toEqual(
      readers.map((reader) => reader.address).sort(),
    );
    expect(await stateOf(onlineSlug)).toMatchObject({ state: 'sent', sent: 5, refused: 1 });
    expect(new Set(letters.map((mail) => mail.headers['message-id'])).size).toBe(5);
    for (const mail of letters) {
      const reader = readers.find((candidate) => candidate.address === mail.to[0])!;
      const text = decodedText(mail);
      const unsubscribe = /<(https:\/\/[^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
      expect(unsubscribe).toMatch(`${SITE}/api/veille/desinscription/`);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(text).toContain(unsubscribe);
      expect(text).toContain(`${SITE}/${reader.locale}/blog/${onlineSlug}`);
      expect(text).toContain('18 rue de Miromesnil');
      expect(text).toContain(
        reader.locale === 'fr' ? 'abonné à la veille sociale' : 'You receive this letter',
      );
      // No tracking: no image, and every link is the site's own address as it is.
      expect(mail.raw).not.toMatch(/<img/i);
      const links = [
        ...mail.raw.replace(/=\r\n/g, '').matchAll(/href=3D"([^"]+)"|href="([^"]+)"/g),
      ];
      for (const link of links) expect(link[1] ?? link[2]).toMatch(new RegExp(`^${SITE}/`));
    }
    expect(sink.received.some((mail) => mail.to.includes('pending@example.test'))).toBe(false);
    // The 5xx at RCPT ended that letter: tried once, and the address is kept after one refusal.
    expect(sink.refusedRecipients).toEqual([refused]);
    expect(await store.find(subscriberIds.get(refused)!)).not.toBeNull();
    // Delivered letters and the send's record hold no address.
    const database = await openDatabase(databaseUrl);
    const { db, tables } = sqliteShaped(database, {
      sqlite: { l: lettersSqlite, sends: letterSendsSqlite },
      postgres: { l: lettersPg, sends: letterSendsPg },
    });
    const rows = await db.select().from(tables.l);
    expect(rows.every((row) => row.address === null)).toBe(true);
    const sends = JSON.stringify(await db.select().from(tables.sends));
    for (const reader of readers) expect(sends).not.toContain(reader.address);
    await database.close();
  });

  it('refuses a second send of the same article, with the date of the first', async () => {
    const first = await stateOf(onlineSlug);
    const again = await json(await api(`${onlineSlug}/send`, 'POST'));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already-sent');
    expect(Date.parse(again.body.firstSentAt)).toBeLessThanOrEqual(Date.parse(first.finishedAt));
    expect(again.body.message).toContain('déjà été envoyé');
    expect(lettersOf('Congés payés et arrêt maladie').length).toBe(3);
  });

  it('queues a send of an article not online yet and starts it when its publier_le passes; a second refusal unsubscribes', async () => {
    const answer = await json(await api(`${soonSlug}/send`, 'POST'));
    expect(answer.status).toBe(200);
    expect(answer.body.outcome).toBe('queued');
    expect(answer.body.send.state).toBe('queued');
    await expect
      .poll(async () => (await stateOf(soonSlug)).state, { timeout: 90_000, interval: 500 })
      .toBe('sent');
    const letters = lettersOf(soonTitle);
    expect(letters.map((mail) => mail.to[0]).sort()).toEqual(
      readers.map((reader) => reader.address).sort(),
    );
    for (const mail of letters)
      expect(sink.receivedAt[sink.received.indexOf(mail)]).toBeGreaterThanOrEqual(soonAt);
    // Refused at RCPT on a second letter in a row: unsubscribed.
    expect(sink.refusedRecipients).toEqual([refused, refused]);
    expect(await store.find(subscriberIds.get(refused)!)).toBeNull();
    expect((await json(await api(soonSlug))).body.subscribers.total).toBe(5);
  });

  it('cancels a queued send: nothing goes, and the article is not sent again', async () => {
    expect((await json(await api(`${farSlug}/cancel`, 'POST'))).status).toBe(409);
    expect((await json(await api(`${farSlug}/send`, 'POST'))).body.outcome).toBe('queued');
    const cancelled = await json(await api(`${farSlug}/cancel`, 'POST'));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.send.state).toBe('cancelled');
    expect(cancelled.body.message).toContain('annulé');
    expect((await json(await api(`${farSlug}/cancel`, 'POST'))).status).toBe(409);
    expect((await json(await api(`${farSlug}/send`, 'POST'))).body.error).toBe('already-sent');
    // A draft is queued like a scheduled article.
    expect((await json(await api(`${draftSlug}/send`, 'POST'))).body.outcome).toBe('queued');
    expect(lettersOf(farTitle)).toHaveLength(0);
  });

  it('stops a send in progress: the letters not yet sent are dropped, and it says how many went out', async () => {
    sink.acceptDelayMs = 1_500;
    try {
      expect((await json(await api(`${secondSlug}/send`, 'POST'))).body.outcome).toBe('started');
      await expect
        .poll(() => lettersOf('Rupture conventionnelle').length, { timeout: 30_000 })
        .toBeGreaterThan(0);
      const stopped = await json(await api(`${secondSlug}/stop`, 'POST'));
      expect(stopped.status).toBe(200);
      expect(stopped.body.send.state).toBe('stopped');
      expect(stopped.body.message).toMatch(
        /Envoi arrêté .* \d+ lettres? (est partie|sont parties)/,
      );
      expect((await json(await api(`${secondSlug}/stop`, 'POST'))).status).toBe(409);
      // The letter in hand (perhaps still waiting its turn, not yet at the SMTP server) finishes:
      // then every letter is sent or dropped, and the count said is the count received.
      await expect
        .poll(
          async () => {
            const { sent, dropped } = await stateOf(secondSlug);
            return sent + dropped;
          },
          { timeout: 30_000 },
        )
        .toBe(readers.length);
      const final = await stateOf(secondSlug);
      expect(final.sent).toBe(lettersOf('Rupture conventionnelle').length);
      expect(sink.holding).toBe(0);
      expect(final.dropped).toBeGreaterThan(0);
    } finally {
      sink.acceptDelayMs = 0;
    }
  });

  it('reports the letters apart in /api/health: letters waiting their turn are not an outage', async () => {
    const queued = (await store.findSend(draftSlug))!;
    const twoHoursAgo = Date.now() - 2 * 60 * 60 * 1000;
    const database = await openDatabase(databaseUrl);
    const { db, tables } = sqliteShaped(database, { sqlite: lettersSqlite, postgres: lettersPg });
    await db.insert(tables).values({
      sendId: queued.id,
      subscriberId: subscriberIds.get('alice@example.test')!,
      address: 'alice@example.test',
      locale: 'fr',
      createdAt: twoHoursAgo,
      nextAttemptAt: twoHoursAgo,
    });
    const health = await fetch(`${site.url}/api/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as {
      outbox: {
        status: string;
        bulk: Record<string, { undelivered: number; oldestAgeSeconds: number }>;
      };
    };
    expect(body.outbox.status).toBe('ok');
    expect(body.outbox.bulk.letters?.undelivered).toBe(1);
    expect(body.outbox.bulk.letters?.oldestAgeSeconds).toBeGreaterThanOrEqual(2 * 60 * 60);
    await db.delete(tables);
    await database.close();
  });
});

async function waitForMails(count: number, which: (mail: ReceivedMail) => boolean) {
  await expect.poll(() => sink.received.filter(which).length, { timeout: 30_000 }).toBe(count);
  return sink.received.filter(which);
}
