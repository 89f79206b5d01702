import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { confirmationsStore, type ClaimedConfirmation } from '@/lib/letters/confirmations';
import { lettersStore, CONFIRMATION_INTERVAL_MS } from '@/lib/letters/store';
import type { OutgoingEmail } from '@/lib/mail/email';
import { createMailer } from '@/lib/mail/mailer';
import { OutboxWorker } from '@/lib/mail/outbox';
import { TestDatabases, type Dialect } from '../support/contact';
import { SmtpSink } from '../support/smtp-sink';

/**
 * The confirmation e-mails' queue (lib/letters/confirmations.ts) on both databases, delivered by
 * two outbox workers to a real SMTP server: one e-mail per request, none to a subscriber gone or
 * confirmed meanwhile, queued again after 24 hours, and the e-mails of purged subscribers deleted.
 */
const databases = new TestDatabases();
afterAll(() => databases.stop());
const silent = { info: () => {}, warn: () => {}, error: () => {} };
let counter = 0;
const address = () => `abonnee.${(counter += 1)}@example.test`;

const compose = (confirmation: ClaimedConfirmation): OutgoingEmail => ({
  from: 'Site <site@example.test>',
  to: confirmation.address,
  subject: `[${confirmation.locale}] ${confirmation.sentAt}`,
  text: 'Confirmez.',
  messageId: `<${confirmation.subscriberId}.${confirmation.sentAt}@example.test>`,
  date: new Date(confirmation.sentAt),
  headers: {},
});

describe.each<Dialect>(['sqlite', 'postgres'])('confirmation e-mails on %s', (dialect) => {
  it('sends one per request, none to a subscriber gone or confirmed, again after 24 hours', async () => {
    const database = await openDatabase(await databases.url(dialect));
    const subscribers = lettersStore(database);
    const confirmations = confirmationsStore(database);
    const sink = await SmtpSink.start('up');
    // The workers' clock, moved a day on below rather than waited for.
    let clock = Date.now();
    const workers = [1, 2].map(
      () =>
        new OutboxWorker({
          queues: [confirmations.mailQueue(compose)],
          mailer: createMailer({ smtpUrl: sink.url, outboxDir: databases.dir }),
          retryBaseMs: 1000,
          pollMs: 50,
          now: () => clock,
          log: silent,
        }),
    );
    const drain = async () =>
      (await Promise.all(workers.map((worker) => worker.drain()))).reduce((a, b) => a + b);
    try {
      const now = clock;
      const subscribe = async (locale: 'fr' | 'en', at = now) => {
        const subscriber = await subscribers.subscribe({
          address: address(),
          locale,
          page: '/fr/blog',
          now: at,
        });
        if (!subscriber) throw new Error('a new address was not stored');
        await confirmations.queue(subscriber.id, at);
        return subscriber;
      };
      const [french, english, leaving, confirming] = [
        await subscribe('fr'),
        await subscribe('en'),
        await subscribe('fr'),
        await subscribe('fr'),
      ];
      expect(await subscribers.unsubscribe(leaving!.id)).toBe(true);
      expect(await subscribers.confirm(confirming!.id, now)).toBe('confirmed');

      expect(await drain()).toBe(2);
      const received = await sink.waitFor(2);
      expect(received.map((mail) => [mail.to[0], mail.headers.subject]).sort()).toEqual(
        [
          [french!.address, `[fr] ${now}`],
          [english!.address, `[en] ${now}`],
        ].sort(),
      );
      expect(await drain()).toBe(0);

      // Asked again a day later: the store refreshes the request and one more e-mail goes out.
      const later = now + CONFIRMATION_INTERVAL_MS;
      clock = later;
      const again = await subscribers.subscribe({
        address: french!.address,
        locale: 'en',
        page: '/en',
        now: later,
      });
      expect(again?.id).toBe(french!.id);
      await confirmations.queue(french!.id, later);
      expect(await drain()).toBe(1);
      expect((await sink.waitFor(3))[2]!.headers.subject).toBe(`[en] ${later}`);

      // The unsubscribed and confirmed subscribers' rows went when claimed; the purge deletes
      // those of subscribers gone since.
      expect(await subscribers.unsubscribe(english!.id)).toBe(true);
      expect(await confirmations.purgeOrphans()).toBe(1);
      expect(await confirmations.purgeOrphans()).toBe(0);
    } finally {
      await sink.close();
      await database.close();
    }
  });
});
