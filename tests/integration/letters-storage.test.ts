import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { sqliteShaped } from '@/lib/db/dialects';
import { lettersPg, lettersSqlite } from '@/lib/db/schema';
import {
  CONFIRMATION_INTERVAL_MS,
  lettersStore,
  UNCONFIRMED_KEEP_MS,
  type ClaimedLetter,
  type LettersStore,
} from '@/lib/letters/store';
import type { OutgoingEmail } from '@/lib/mail/email';
import { createMailer } from '@/lib/mail/mailer';
import { OutboxWorker } from '@/lib/mail/outbox';
import { contactStore } from '@/lib/contact/storage/store';
import { messageRow, TestDatabases, type Dialect } from '../support/contact';
import { createAtFirstMigration } from '../support/legacy-database';
import { SmtpSink } from '../support/smtp-sink';

const databases = new TestDatabases();
afterAll(() => databases.stop());

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const DAY = 24 * 60 * 60 * 1000;
let counter = 0;
/** A new address for each use, so the tests of one database do not meet. */
const address = (name = 'lecteur') => `${name}.${(counter += 1)}@example.test`;
const page = '/fr/blog';

/** A letter as a test writes it: the article's address and the reader's, nothing else. */
const compose = (letter: ClaimedLetter): OutgoingEmail => ({
  from: 'Cabinet <veille@example.test>',
  to: letter.address,
  subject: `[${letter.locale}] ${letter.slug}`,
  text: 'La veille sociale.',
  messageId: `<${letter.sendId}.${letter.subscriberId}@example.test>`,
  date: new Date(0),
  headers: {},
});

describe.each<Dialect>(['sqlite', 'postgres'])('letters storage on %s', (dialect) => {
  let store: LettersStore;

  beforeAll(async () => {
    store = lettersStore(await openDatabase(await databases.url(dialect)));
  });
  afterAll(() => store.close());

  it('stores a new address unconfirmed, and sends one confirmation e-mail per 24 hours', async () => {
    const now = Date.UTC(2026, 0, 5, 9);
    const who = address();
    const first = await store.subscribe({ address: who, locale: 'fr', page, now });
    expect(first).toMatchObject({
      address: who,
      locale: 'fr',
      consentPage: page,
      consentedAt: now,
      confirmationSentAt: now,
      confirmedAt: null,
      consecutiveRefusals: 0,
    });
    // Within 24 hours, however written, nothing changes and no e-mail is due.
    const again = { address: ` ${who.toUpperCase()} `, locale: 'en' as const, page: '/en' };
    expect(await store.subscribe({ ...again, now: now + 60_000 })).toBeNull();
    expect(await store.subscribe({ ...again, now: now + CONFIRMATION_INTERVAL_MS - 1 })).toBeNull();
    expect(await store.find(first!.id)).toEqual(first);
    // After them, the request is recorded again and a new e-mail is due, for the same subscriber.
    const later = now + CONFIRMATION_INTERVAL_MS;
    expect(await store.subscribe({ ...again, now: later })).toEqual({
      ...first,
      locale: 'en',
      consentPage: '/en',
      consentedAt: later,
      confirmationSentAt: later,
    });
  });

  it('of many requests at once for one address, exactly one sends an e-mail', async () => {
    const who = address('rafale');
    const now = Date.UTC(2026, 0, 6);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => store.subscribe({ address: who, locale: 'fr', page, now })),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('confirms once, says so the second time, and lets a link expire after 7 days', async () => {
    const now = Date.UTC(2026, 1, 1);
    const subscriber = await store.subscribe({ address: address(), locale: 'fr', page, now });
    expect(await store.confirm(subscriber!.id, now + DAY)).toBe('confirmed');
    expect(await store.confirm(subscriber!.id, now + 2 * DAY)).toBe('already-confirmed');
    expect((await store.find(subscriber!.id))?.confirmedAt).toBe(now + DAY);
    expect(await store.confirm('no-such-subscriber', now)).toBe('unknown');
    const late = await store.subscribe({ address: address(), locale: 'fr', page, now });
    expect(await store.confirm(late!.id, now + UNCONFIRMED_KEEP_MS + 1)).toBe('expired');
    expect(await store.find(late!.id)).toMatchObject({ confirmedAt: null });
  });

  it('never tells a confirmed address apart: a new request changes nothing and sends nothing', async () => {
    const now = Date.UTC(2026, 1, 10);
    const who = address();
    const subscriber = await store.subscribe({ address: who, locale: 'fr', page, now });
    await store.confirm(subscriber!.id, now);
    const later = now + 30 * DAY;
    expect(await store.subscribe({ address: who, locale: 'en', page: '/en', now: later })).toBe(
      null,
    );
    expect(await store.find(subscriber!.id)).toMatchObject({ locale: 'fr', confirmedAt: now });
  });

  it('deletes addresses unconfirmed 7 days after their e-mail, never a confirmed one', async () => {
    const fresh = lettersStore(await openDatabase(await databases.url(dialect)));
    const now = Date.UTC(2026, 2, 1);
    const old = await fresh.subscribe({ address: address(), locale: 'fr', page, now });
    const confirmed = await fresh.subscribe({ address: address(), locale: 'fr', page, now });
    await fresh.confirm(confirmed!.id, now + 1);
    const recent = await fresh.subscribe({
      address: address(),
      locale: 'fr',
      page,
      now: now + DAY,
    });
    expect(await fresh.purgeUnconfirmed(now + UNCONFIRMED_KEEP_MS)).toBe(0);
    expect(await fresh.purgeUnconfirmed(now + UNCONFIRMED_KEEP_MS + 1)).toBe(1);
    expect(await fresh.find(old!.id)).toBeNull();
    expect(await fresh.find(confirmed!.id)).not.toBeNull();
    expect(await fresh.find(recent!.id)).not.toBeNull();
    await fresh.close();
  });

  it('counts confirmed subscribers per language, and records an article’s send once', async () => {
    const fresh = lettersStore(await openDatabase(await databases.url(dialect)));
    const now = Date.UTC(2026, 3, 1);
    for (const [locale, confirmed] of [
      ['fr', true],
      ['fr', true],
      ['en', true],
      ['en', false],
    ] as const) {
      const subscriber = await fresh.subscribe({ address: address(), locale, page, now });
      if (confirmed) await fresh.confirm(subscriber!.id, now);
    }
    expect(await fresh.countConfirmed()).toEqual({ fr: 2, en: 1 });
    const first = await fresh.createSend('conges-payes', now);
    expect(first).toMatchObject({
      kind: 'created',
      send: { slug: 'conges-payes', state: 'queued' },
    });
    const second = await fresh.createSend('conges-payes', now + DAY);
    expect(second).toEqual({ kind: 'exists', send: first.send });
    await fresh.close();
  });

  it('queues one letter per confirmed subscriber, sent once by two outbox workers', async () => {
    const database = await openDatabase(await databases.url(dialect));
    const fresh = lettersStore(database);
    const now = Date.now();
    const readers = Array.from({ length: 12 }, (_, i) => ({
      address: address(`abonne${i}`),
      locale: i % 3 === 0 ? ('en' as const) : ('fr' as const),
    }));
    for (const reader of readers) {
      const subscriber = await fresh.subscribe({ ...reader, page, now });
      await fresh.confirm(subscriber!.id, now);
    }
    const pending = await fresh.subscribe({ address: address(), locale: 'fr', page, now });
    const leaving = await fresh.subscribe({ address: address('depart'), locale: 'fr', page, now });
    await fresh.confirm(leaving!.id, now);
    const { send } = await fresh.createSend('licenciement-economique', now);
    // Every instance may queue the send: each subscriber still gets one letter.
    const queued = await Promise.all([1, 2].map(() => fresh.queueLetters(send.id, now)));
    expect(queued.reduce((a, b) => a + b)).toBe(13);
    expect(await fresh.sendProgress(send.id)).toEqual({ queued: 13, delivered: 0 });
    // Only a send in progress has its letters claimed; starting it queues no one twice.
    expect(await fresh.startSend(send.id, now)).toBe(true);
    expect(await fresh.startSend(send.id, now)).toBe(false);
    expect(await fresh.sendProgress(send.id)).toEqual({ queued: 13, delivered: 0 });
    // Unsubscribing takes her letter not yet sent with her.
    expect(await fresh.unsubscribe(leaving!.id)).toBe(true);
    expect(await fresh.find(leaving!.id)).toBeNull();
    expect(await fresh.unsubscribe(leaving!.id)).toBe(false);

    const sink = await SmtpSink.start('up');
    const mailer = createMailer({ smtpUrl: sink.url, outboxDir: databases.dir });
    const workers = [1, 2].map(
      () =>
        new OutboxWorker({
          queues: [fresh.queue(compose)],
          mailer,
          retryBaseMs: 1000,
          pollMs: 50,
          log: silent,
        }),
    );
    const attempted = await Promise.all(workers.map((worker) => worker.drain()));
    expect(attempted[0]! + attempted[1]!).toBe(12);
    const received = await sink.waitFor(12);
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(
      readers.map((reader) => reader.address).sort(),
    );
    expect(received.map((mail) => mail.to[0])).not.toContain(pending!.address);
    const english = received.filter((mail) => mail.headers.subject?.startsWith('[en]'));
    expect(english).toHaveLength(4);
    expect(await fresh.sendProgress(send.id)).toEqual({ queued: 12, delivered: 12 });
    expect((await fresh.queue(compose).state()).undelivered).toBe(0);
    // Sent letters keep no address.
    const { db, tables: letters } = sqliteShaped(database, {
      sqlite: lettersSqlite,
      postgres: lettersPg,
    });
    const kept = await db.select({ address: letters.address }).from(letters);
    expect(kept).toHaveLength(12);
    expect(kept.every((letter) => letter.address === null)).toBe(true);
    mailer.close();
    await sink.close();
    await fresh.close();
  });

  it('retries a letter the server refuses for now, with backoff, and keeps it waiting meanwhile', async () => {
    const fresh = lettersStore(await openDatabase(await databases.url(dialect)));
    let clock = Date.UTC(2026, 4, 1);
    const subscriber = await fresh.subscribe({
      address: address(),
      locale: 'fr',
      page,
      now: clock,
    });
    await fresh.confirm(subscriber!.id, clock);
    const { send } = await fresh.createSend('rupture-conventionnelle', clock);
    await fresh.startSend(send.id, clock);
    const queue = fresh.queue(compose);
    const sink = await SmtpSink.start('rejecting');
    const mailer = createMailer({ smtpUrl: sink.url, outboxDir: databases.dir });
    const worker = new OutboxWorker({
      queues: [queue],
      mailer,
      retryBaseMs: 15_000,
      pollMs: 50,
      now: () => clock,
      log: silent,
    });
    expect(await worker.drain()).toBe(1);
    expect(await queue.state()).toMatchObject({
      undelivered: 1,
      oldestQueuedAt: clock,
      lastFailure: { at: clock },
    });
    clock += 14_999;
    expect(await worker.drain()).toBe(0);
    await sink.set('up');
    clock += 1;
    expect(await worker.drain()).toBe(1);
    expect(sink.received).toHaveLength(1);
    expect(await queue.state()).toEqual({
      undelivered: 0,
      oldestQueuedAt: null,
      lastFailure: null,
    });
    mailer.close();
    await sink.close();
    await fresh.close();
  });

  it('gives letters taken at once by many instances each its own turn, one interval apart, site-wide', async () => {
    // One database, several handles, as several instances hold.
    const url = await databases.url(dialect);
    const instances = await Promise.all(
      [1, 2, 3].map(async () => lettersStore(await openDatabase(url))),
    );
    const now = Date.UTC(2026, 5, 1, 9);
    const turns = await Promise.all(
      Array.from({ length: 12 }, (_, i) => instances[i % 3]!.takeTurn(now, 2_000)),
    );
    expect([...turns].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => now + i * 2_000),
    );
    // Later, after a pause: the next turn is at once, not in the past's queue.
    expect(await instances[0]!.takeTurn(now + 60_000, 2_000)).toBe(now + 60_000);
    await Promise.all(instances.map((instance) => instance.close()));
  });

  it('cancels only a queued send and stops only one in progress, whose letters left are dropped', async () => {
    const fresh = lettersStore(await openDatabase(await databases.url(dialect)));
    const now = Date.UTC(2026, 6, 1, 9);
    for (const name of ['un', 'deux', 'trois']) {
      const subscriber = await fresh.subscribe({ address: address(name), locale: 'fr', page, now });
      await fresh.confirm(subscriber!.id, now);
    }
    const { send: queued } = await fresh.createSend('note-annulee', now);
    expect(await fresh.stopSend(queued.id, now)).toBeNull();
    expect(await fresh.cancelSend(queued.id, now + 1)).toBe(true);
    expect(await fresh.startSend(queued.id, now + 2)).toBe(false);
    expect(await fresh.sendProgress(queued.id)).toEqual({ queued: 0, delivered: 0 });
    expect((await fresh.findSend('note-annulee'))?.state).toBe('cancelled');

    const { send } = await fresh.createSend('note-arretee', now);
    expect(await fresh.startSend(send.id, now)).toBe(true);
    expect(await fresh.cancelSend(send.id, now)).toBe(false);
    // One letter is in hand (claimed) when the stop comes: it is not dropped.
    const queue = fresh.queue(compose);
    const [inHand] = await queue.dueIds(now, 1);
    expect(await queue.claim(inHand!, 'jeton', now, now + 60_000)).not.toBeNull();
    const stopped = await fresh.stopSend(send.id, now + 1);
    expect(stopped).toMatchObject({ state: 'stopped', droppedCount: 2, sentCount: 0 });
    expect(await queue.dueIds(now + 120_000, 10)).toEqual([]);
    expect(await queue.markDelivered(inHand!, 'jeton', now + 2)).toBe(true);
    expect(await fresh.sendProgress(send.id)).toEqual({ queued: 1, delivered: 1 });
    await fresh.close();
  });

  it('drops and counts at once a letter of a stopped send that comes back: not written, or not delivered', async () => {
    const fresh = lettersStore(await openDatabase(await databases.url(dialect)));
    const now = Date.UTC(2026, 7, 3, 9);
    for (const name of ['un', 'deux', 'trois']) {
      const subscriber = await fresh.subscribe({ address: address(name), locale: 'fr', page, now });
      await fresh.confirm(subscriber!.id, now);
    }
    const { send } = await fresh.createSend('note-interrompue', now);
    await fresh.startSend(send.id, now);
    // The desk stops the send while a letter is being written, and its writing then fails.
    let whileWriting: (() => Promise<never>) | null = null;
    const queue = fresh.queue(
      async (letter) => {
        if (whileWriting) await whileWriting();
        return compose(letter);
      },
      { now: () => now + 2, log: silent },
    );
    const [first, second] = await queue.dueIds(now, 3);
    expect(await queue.claim(first!, 'premier', now, now + 60_000)).not.toBeNull();
    whileWriting = async () => {
      whileWriting = null;
      await fresh.stopSend(send.id, now + 1);
      throw new Error('gabarit illisible');
    };
    expect(await queue.claim(second!, 'second', now, now + 60_000)).toBeNull();
    // The third letter went at the stop, the second as it came back unwritten.
    expect(await fresh.findSend('note-interrompue')).toMatchObject({
      state: 'stopped',
      droppedCount: 2,
    });
    // The first, in hand at the stop, is not delivered: it will not be tried again either.
    await queue.markFailed(first!, 'premier', now + 60_000, '451 try later', {
      errorClass: 'temporary-rejection',
      at: now + 3,
    });
    expect(await fresh.findSend('note-interrompue')).toMatchObject({ droppedCount: 3 });
    expect(await fresh.sendProgress(send.id)).toEqual({ queued: 0, delivered: 0 });
    expect((await queue.state()).undelivered).toBe(0);
    await fresh.close();
  });

  it('adds its tables to a database from before them, whose messages stay', async () => {
    const old = await databases.url(dialect);
    const message = messageRow(Date.UTC(2025, 10, 2));
    await createAtFirstMigration(dialect, old, message);
    const database = await openDatabase(old);
    const upgraded = lettersStore(database);
    const now = Date.UTC(2026, 5, 1);
    expect(
      await upgraded.subscribe({ address: address(), locale: 'fr', page, now }),
    ).not.toBeNull();
    expect((await contactStore(database).list()).map((m) => m.id)).toEqual([message.id]);
    await upgraded.close();
  });
});
