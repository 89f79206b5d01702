import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { createMailer } from '@/lib/mail/mailer';
import { OutboxWorker } from '@/lib/mail/outbox';
import { contactMailQueues } from '@/lib/contact/delivery/queue';
import { purgeExpiredMessages } from '@/lib/contact/storage/retention';
import { contactStore, type ContactStore } from '@/lib/contact/storage/store';
import {
  messageRow as row,
  messagesCommand,
  TestDatabases,
  type Dialect,
} from '../support/contact';
import { SmtpSink } from '../support/smtp-sink';
import { createAtFirstMigration } from '../support/legacy-database';

const databases = new TestDatabases();
afterAll(() => databases.stop());

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const envelope = { from: 'Site <site@example.test>', to: 'cabinet@example.test' };
const DAY = 24 * 60 * 60 * 1000;

describe.each<Dialect>(['sqlite', 'postgres'])('contact storage on %s', (dialect) => {
  let store: ContactStore;
  let url: string;

  beforeAll(async () => {
    url = await databases.url(dialect);
    store = contactStore(await openDatabase(url));
  });
  afterAll(() => store.close());

  it('creates its schema on first start and opens an existing database again', async () => {
    const again = contactStore(await openDatabase(url));
    await expect(again.ping()).resolves.toBeUndefined();
    await again.close();
  });

  it('applies the drizzle-kit migrations when two processes open a fresh database at once', async () => {
    const fresh = await databases.url(dialect);
    const opened = await Promise.all([openDatabase(fresh), openDatabase(fresh)]);
    const [first, second] = opened.map(contactStore);
    await first!.insert(row(Date.UTC(2025, 0, 3)));
    expect(await second!.list()).toHaveLength(1);
    await Promise.all([first!.close(), second!.close()]);
  });

  it('lists messages newest first', async () => {
    const older = row(Date.UTC(2025, 0, 1));
    const newer = row(Date.UTC(2025, 0, 2));
    await store.insert(older);
    await store.insert(newer);
    const ids = (await store.list()).map((message) => message.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  });

  it('lets exactly one of two concurrent claims take a message', async () => {
    const now = Date.UTC(2025, 5, 1);
    const message = row(now);
    await store.insert(message);
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.claim(message.id, `worker-${i}`, now, now + 60_000),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A held message is not due for anyone else until its lease ends.
    expect(await store.dueIds(now + 1, 1000)).not.toContain(message.id);
    expect(await store.dueIds(now + 60_001, 1000)).toContain(message.id);
  });

  it('never hands out a delivered message again, and records failed attempts', async () => {
    const now = Date.UTC(2025, 6, 1);
    const message = row(now);
    await store.insert(message);
    expect(await store.claim(message.id, 'a', now, now + 1000)).not.toBeNull();
    await store.markFailed(message.id, 'a', now + 15_000, 'SMTP down', {
      errorClass: 'connection',
      at: now,
    });
    expect(await store.dueIds(now + 14_999, 1000)).not.toContain(message.id);
    expect(await store.claim(message.id, 'b', now + 15_000, now + 16_000)).not.toBeNull();
    expect(await store.markDelivered(message.id, 'b', now + 15_500)).toBe(true);
    expect(await store.claim(message.id, 'c', now + DAY, now + DAY + 1000)).toBeNull();
    const stored = (await store.list()).find((m) => m.id === message.id);
    expect(stored).toMatchObject({ attempts: 2, deliveredAt: now + 15_500, lockToken: null });
  });

  it('purges messages older than 3 years, with an injected clock', async () => {
    const now = Date.UTC(2028, 4, 10, 12);
    const expired = row(Date.UTC(2025, 4, 10, 11, 59));
    const kept = row(Date.UTC(2025, 4, 10, 12, 1));
    await store.insert(expired);
    await store.insert(kept);
    expect(await purgeExpiredMessages(store, now)).toBeGreaterThanOrEqual(1);
    const ids = (await store.list()).map((m) => m.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).toContain(kept.id);
  });

  it('keeps a suspected message out of the outbox until it is released', async () => {
    const now = Date.UTC(2025, 7, 1);
    const held = row(now, { suspectedReason: 'hidden field filled ("x")' });
    await store.insert(held);
    expect(await store.dueIds(now + DAY, 1000)).not.toContain(held.id);
    expect(await store.claim(held.id, 'a', now + DAY, now + DAY + 1000)).toBeNull();
    const released = await messagesCommand(url, ['--release', held.id]);
    expect(released).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`Message ${held.id} released`),
    });
    expect(await store.dueIds(now + DAY, 1000)).toContain(held.id);
    const claimed = await store.claim(held.id, 'a', now + DAY, now + DAY + 1000);
    // The reason stays on record; the release time says who decided it was genuine, and when.
    expect(claimed?.suspectedReason).toBe('hidden field filled ("x")');
    expect(claimed?.releasedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('purges suspected messages after 30 days, released and genuine ones after 3 years', async () => {
    const now = Date.UTC(2026, 2, 10, 12);
    const suspected = { suspectedReason: 'sent 10 ms after the first interaction with the form' };
    const expired = row(now - 30 * DAY - 1, suspected);
    const keptSuspected = row(now - 30 * DAY + 60_000, suspected);
    const released = row(now - 200 * DAY, { ...suspected, releasedAt: now - 199 * DAY });
    const genuine = row(now - 200 * DAY);
    for (const message of [expired, keptSuspected, released, genuine]) await store.insert(message);
    expect(await purgeExpiredMessages(store, now)).toBeGreaterThanOrEqual(1);
    const ids = (await store.list()).map((m) => m.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).toEqual(expect.arrayContaining([keptSuspected.id, released.id, genuine.id]));
  });

  it('upgrades a database holding messages from before suspected messages existed', async () => {
    const old = await databases.url(dialect);
    const oldRow = row(Date.UTC(2025, 10, 2));
    await createAtFirstMigration(dialect, old, oldRow);
    // Two processes start on the old database at once, as after a deployment: each applies
    // the pending migrations (`npm run messages` does too), and each finds the message.
    const runs = await Promise.all([1, 2].map(() => messagesCommand(old, [])));
    for (const run of runs) {
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain(oldRow.id);
    }
    const upgraded = contactStore(await openDatabase(old));
    const [survivor] = await upgraded.list();
    expect(survivor).toMatchObject({ ...oldRow, suspectedReason: null, releasedAt: null });
    // Still in the outbox: an undelivered old message is sent after the upgrade.
    expect(await upgraded.dueIds(Date.UTC(2025, 10, 3), 10)).toEqual([oldRow.id]);
    await upgraded.close();
  });

  it('two outbox workers on the same database send each message once', async () => {
    const sink = await SmtpSink.start('up');
    const fresh = contactStore(await openDatabase(await databases.url(dialect)));
    const now = Date.now();
    const rows = Array.from({ length: 30 }, (_, i) => row(now - 1000 + i));
    for (const message of rows) await fresh.insert(message);
    const mailer = createMailer({ smtpUrl: sink.url, outboxDir: databases.dir });
    const workers = [1, 2].map(
      () =>
        new OutboxWorker({
          queues: contactMailQueues(fresh, envelope),
          mailer,
          retryBaseMs: 1000,
          pollMs: 50,
          log: silent,
        }),
    );
    const attempted = await Promise.all(workers.map((worker) => worker.drain()));
    expect(attempted[0]! + attempted[1]!).toBe(30);
    expect(sink.received).toHaveLength(30);
    const ids = sink.received.map((mail) => mail.headers['x-contact-message-id']);
    expect(new Set(ids).size).toBe(30);
    expect((await fresh.list()).every((m) => m.deliveredAt !== null)).toBe(true);
    mailer.close();
    await sink.close();
    await fresh.close();
  });

  it('retries with exponential backoff on the injected clock', async () => {
    const sink = await SmtpSink.start('rejecting');
    const fresh = contactStore(await openDatabase(await databases.url(dialect)));
    let clock = Date.UTC(2025, 8, 1);
    const message = row(clock);
    await fresh.insert(message);
    const mailer = createMailer({ smtpUrl: sink.url, outboxDir: databases.dir });
    const worker = new OutboxWorker({
      queues: contactMailQueues(fresh, envelope),
      mailer,
      retryBaseMs: 15_000,
      pollMs: 50,
      now: () => clock,
      log: silent,
    });
    const next = async () => (await fresh.list()).find((m) => m.id === message.id)!;

    expect(await worker.drain()).toBe(1);
    expect(await next()).toMatchObject({ attempts: 1, nextAttemptAt: clock + 15_000 });
    clock += 14_999;
    expect(await worker.drain()).toBe(0);
    clock += 1;
    expect(await worker.drain()).toBe(1);
    expect(await next()).toMatchObject({ attempts: 2, nextAttemptAt: clock + 30_000 });
    expect(sink.rejected).toBe(2);

    await sink.set('up');
    clock += 30_000;
    expect(await worker.drain()).toBe(1);
    expect(await next()).toMatchObject({ attempts: 3, deliveredAt: clock });
    expect(sink.received).toHaveLength(1);
    mailer.close();
    await sink.close();
    await fresh.close();
  });
});

describe('the SQLite handle, shared with another process', () => {
  it('waits for another connection’s lock on each of its connections, those after a transaction too', async () => {
    const database = await openDatabase(await databases.url('sqlite'));
    if (database.dialect !== 'sqlite') throw new Error('a SQLite database was asked for');
    const db = database.db;
    // Migrating on opening ran a transaction; one more, then several statements at once, so the
    // pool hands out several connections, new ones among them.
    await db.transaction(async (transaction) => {
      await transaction.run(sql`select 1`);
    });
    const timeouts = await Promise.all(
      Array.from({ length: 4 }, async () =>
        Number(
          Object.values(
            (await db.all<Record<string, number>>(sql`PRAGMA busy_timeout`))[0] ?? {},
          )[0],
        ),
      ),
    );
    expect(timeouts).toEqual([5_000, 5_000, 5_000, 5_000]);
    await database.close();
  });
});
