import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { queueDailyDigest, queueImmediateDigest } from '@/lib/contact/delivery/digest';
import { outboxHealth } from '@/lib/mail/health';
import { createMailer, type Mailer } from '@/lib/mail/mailer';
import { OutboxWorker } from '@/lib/mail/outbox';
import { contactMailQueues } from '@/lib/contact/delivery/queue';
import { checkReleaseToken } from '@/lib/contact/held/release-link';
import { purgeExpiredMessages } from '@/lib/contact/storage/retention';
import { contactStore, type ContactStore } from '@/lib/contact/storage/store';
import { messageRow as row, TestDatabases, type Dialect } from '../support/contact';
import { decodedText, SmtpSink, type ReceivedMail } from '../support/smtp-sink';

/**
 * The digest of held messages, called as the site calls it, with an explicit clock, against a
 * real database (SQLite and PostgreSQL) and a real SMTP server on loopback. The release links
 * and /api/health on the running site are in held-messages-site.test.ts.
 */
const databases = new TestDatabases();
const sinks: SmtpSink[] = [];
const mailers: Mailer[] = [];
afterAll(async () => {
  mailers.forEach((mailer) => mailer.close());
  await Promise.all(sinks.map((sink) => sink.close()));
  databases.stop();
});

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const envelope = { from: 'Site <site@example.test>', to: 'cabinet@example.test' };
const SECRET = 'the instances shared secret';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 24 November 2026, 8:30 in Paris (winter time, UTC+1). */
const BEFORE_NINE = Date.UTC(2026, 10, 24, 7, 30);
const AFTER_NINE = Date.UTC(2026, 10, 24, 8, 5);

const heldRow = (createdAt: number, overrides: Record<string, unknown> = {}) =>
  row(createdAt, {
    suspectedReason: 'hidden field filled ("https://robot.example")',
    ...overrides,
  });

const options = (now: number) => ({ siteUrl: 'https://www.example.test', secret: SECRET, now });
const digests = (mails: ReceivedMail[]) =>
  mails.filter((mail) => mail.headers['x-contact-digest-id']);
const links = (text: string) =>
  [...text.matchAll(/Transmettre ce message : (\S+)/g)].map((match) => match[1]!);

describe.each<Dialect>(['sqlite', 'postgres'])('digest of held messages on %s', (dialect) => {
  let sink: SmtpSink;
  let mailer: Mailer;

  beforeAll(async () => {
    sink = await SmtpSink.start('up');
    sinks.push(sink);
    mailer = createMailer({ smtpUrl: sink.url, outboxDir: databases.dir });
    mailers.push(mailer);
  });

  async function freshStore(): Promise<ContactStore & { url: string }> {
    const url = await databases.url(dialect);
    return Object.assign(contactStore(await openDatabase(url)), { url });
  }

  function worker(store: ContactStore, clock: () => number, through = mailer) {
    return new OutboxWorker({
      queues: contactMailQueues(store, envelope),
      mailer: through,
      retryBaseMs: 15_000,
      pollMs: 5_000,
      now: clock,
      log: silent,
    });
  }

  it('three held messages give one digest at 9:00 Paris time, with three entries and three links, once across two instances', async () => {
    const store = await freshStore();
    const other = contactStore(await openDatabase(store.url));
    const held = [1, 2, 3].map((n) => heldRow(BEFORE_NINE - DAY + n * HOUR));
    const genuine = row(BEFORE_NINE - DAY);
    for (const message of [genuine, ...held]) await store.insert(message);

    expect(await queueDailyDigest(store, options(BEFORE_NINE))).toBe('not-yet');
    const outcomes = await Promise.all(
      [store, other].map((instance) => queueDailyDigest(instance, options(AFTER_NINE))),
    );
    expect(outcomes.sort()).toEqual(['already-queued', 'queued']);
    expect(await queueDailyDigest(other, options(AFTER_NINE + HOUR))).toBe('already-queued');

    const before = sink.received.length;
    await worker(store, () => AFTER_NINE).drain();
    const mails = digests(sink.received.slice(before));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual([envelope.to]);
    expect(mail!.headers['x-contact-digest-id']).toBe('daily-2026-11-24');
    expect(mail!.headers.subject).toBe('Messages retenus par le filtre du site : 3 à vérifier');
    expect(mail!.headers['reply-to']).toBeUndefined();
    expect(mail!.headers['content-type']).toMatch(/^text\/plain/);
    const text = decodedText(mail!);
    for (const message of held) {
      expect(text).toContain(`Nom : ${message.name}`);
      expect(text).toContain(`E-mail : ${message.email}`);
      expect(text).toContain(`Téléphone : ${message.phone}`);
      expect(text).toContain(message.message);
    }
    expect(text).not.toContain(genuine.name);
    expect(text).toContain('champ caché rempli');
    expect(text).toContain('supprimé 30 jours après sa réception');
    const ids = links(text).map((link) => {
      expect(link.startsWith('https://www.example.test/api/contact/messages-retenus/')).toBe(true);
      const checked = checkReleaseToken(link.split('/').at(-1)!, SECRET, AFTER_NINE);
      return checked.valid ? checked.id : checked.reason;
    });
    expect(ids).toEqual(held.map((message) => message.id));
    // Delivered once: another drain sends nothing more.
    await worker(other, () => AFTER_NINE + DAY).drain();
    expect(digests(sink.received.slice(before))).toHaveLength(1);
    await Promise.all([store.close(), other.close()]);
  });

  it('no held message, no digest; a message held later that day waits for the next day', async () => {
    const store = await freshStore();
    await store.insert(row(BEFORE_NINE - HOUR));
    expect(await queueDailyDigest(store, options(AFTER_NINE))).toBe('nothing-held');
    const before = sink.received.length;
    await worker(store, () => AFTER_NINE).drain();
    expect(digests(sink.received.slice(before))).toHaveLength(0);

    const late = heldRow(AFTER_NINE + 5 * HOUR);
    await store.insert(late);
    expect(await queueDailyDigest(store, options(AFTER_NINE + 6 * HOUR))).toBe('already-queued');
    expect(await queueDailyDigest(store, options(AFTER_NINE + DAY))).toBe('queued');
    await worker(store, () => AFTER_NINE + DAY).drain();
    const [mail] = digests(sink.received.slice(before));
    expect(mail!.headers['x-contact-digest-id']).toBe('daily-2026-11-25');
    expect(decodedText(mail!)).toContain(late.name);
    // Listed once: the day after, nothing new is held, so nothing is sent.
    expect(await queueDailyDigest(store, options(AFTER_NINE + 2 * DAY))).toBe('nothing-held');
    await store.close();
  });

  it('sends a digest at once for the first message held after a quiet week, not for the next ones', async () => {
    const store = await freshStore();
    const first = heldRow(AFTER_NINE + 4 * HOUR);
    const second = heldRow(AFTER_NINE + 5 * HOUR);
    const afterAWeek = heldRow(AFTER_NINE + 5 * HOUR + 8 * DAY);
    await store.insert(first);
    expect(
      await queueImmediateDigest(store, (await store.find(first.id))!, options(first.createdAt)),
    ).toBe('queued');
    await store.insert(second);
    expect(
      await queueImmediateDigest(store, (await store.find(second.id))!, options(second.createdAt)),
    ).toBe('not-quiet');
    await store.insert(afterAWeek);
    expect(
      await queueImmediateDigest(
        store,
        (await store.find(afterAWeek.id))!,
        options(afterAWeek.createdAt),
      ),
    ).toBe('queued');
    const before = sink.received.length;
    await worker(store, () => afterAWeek.createdAt).drain();
    const mails = digests(sink.received.slice(before));
    expect(mails.map((mail) => mail.headers['x-contact-digest-id']).sort()).toEqual(
      [`immediate-${first.id}`, `immediate-${afterAWeek.id}`].sort(),
    );
    // The second message, held the same day, is in the later digest: no held message goes unlisted.
    const later = mails.find(
      (mail) => mail.headers['x-contact-digest-id'] === `immediate-${afterAWeek.id}`,
    );
    expect(links(decodedText(later!))).toHaveLength(2);
    expect(decodedText(later!)).toContain(second.name);
    await store.close();
  });

  it('lists at most 50 messages with the count of the rest, which the next digest lists', async () => {
    const store = await freshStore();
    const held = Array.from({ length: 53 }, (_, n) => heldRow(BEFORE_NINE - DAY + n * MINUTE));
    for (const message of held) await store.insert(message);
    expect(await queueDailyDigest(store, options(AFTER_NINE))).toBe('queued');
    expect(await queueDailyDigest(store, options(AFTER_NINE + DAY))).toBe('queued');
    const before = sink.received.length;
    await worker(store, () => AFTER_NINE + DAY).drain();
    const texts = digests(sink.received.slice(before))
      .sort((a, b) =>
        a.headers['x-contact-digest-id']!.localeCompare(b.headers['x-contact-digest-id']!),
      )
      .map(decodedText);
    expect(texts.map((text) => links(text).length)).toEqual([50, 3]);
    expect(texts[0]).toContain('3 autres messages retenus ne figurent pas ici');
    expect(texts[1]).not.toContain('ne figure');
    await store.close();
  });

  it('while SMTP is down the digest waits in the outbox, health says so after an hour, and it is delivered when SMTP returns', async () => {
    const store = await freshStore();
    const down = await SmtpSink.start('down');
    sinks.push(down);
    const downMailer = createMailer({ smtpUrl: down.url, outboxDir: databases.dir });
    mailers.push(downMailer);
    await store.insert(heldRow(BEFORE_NINE - HOUR));
    expect(await queueDailyDigest(store, options(AFTER_NINE))).toBe('queued');
    let clock = AFTER_NINE;
    const outbox = worker(store, () => clock, downMailer);
    expect(await outbox.drain()).toBe(1);
    expect(down.received).toHaveLength(0);
    expect(await outboxHealth(contactMailQueues(store, envelope), AFTER_NINE + MINUTE)).toEqual({
      status: 'ok',
      undelivered: 1,
      oldestAgeSeconds: 60,
      lastErrorClass: 'connection',
      bulk: {},
    });
    expect(
      await outboxHealth(contactMailQueues(store, envelope), AFTER_NINE + HOUR + MINUTE),
    ).toMatchObject({
      status: 'delayed',
      undelivered: 1,
      oldestAgeSeconds: 3660,
    });

    await down.set('up');
    clock = AFTER_NINE + HOUR + MINUTE;
    await outbox.drain();
    expect(digests(down.received)).toHaveLength(1);
    expect(decodedText(down.received[0]!)).toContain('Transmettre ce message : ');
    expect(await outboxHealth(contactMailQueues(store, envelope), clock)).toEqual({
      status: 'ok',
      undelivered: 0,
      oldestAgeSeconds: null,
      lastErrorClass: null,
      bulk: {},
    });
    await store.close();
  });

  it('times a released message from its release, and purges digests with the held messages', async () => {
    const store = await freshStore();
    const old = heldRow(AFTER_NINE - 20 * DAY);
    await store.insert(old);
    expect(await queueDailyDigest(store, options(AFTER_NINE - 19 * DAY))).toBe('queued');
    await worker(store, () => AFTER_NINE - 19 * DAY).drain();
    expect((await store.release(old.id, AFTER_NINE)).kind).toBe('released');
    expect(
      await outboxHealth(contactMailQueues(store, envelope), AFTER_NINE + 10 * MINUTE),
    ).toMatchObject({
      status: 'ok',
      undelivered: 1,
      oldestAgeSeconds: 600,
    });
    expect((await store.release(old.id, AFTER_NINE + MINUTE)).kind).toBe('already-released');
    await purgeExpiredMessages(store, AFTER_NINE + 12 * DAY);
    expect(await store.findDigest('daily-2026-11-05')).toBeNull();
    await store.close();
  });
});
