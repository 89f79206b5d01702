import 'server-only';
import { config } from '@/lib/config';
import { openDatabase } from '@/lib/db/client';
import { processShared } from '@/lib/process-shared';
import {
  DIGEST_CHECK_INTERVAL_MS,
  queueDailyDigest,
  queueImmediateDigest,
  type DigestOptions,
} from './delivery/digest';
import { createMailer } from './delivery/mailer';
import { describe, OutboxWorker } from './delivery/outbox';
import { PURGE_INTERVAL_MS, purgeExpiredMessages } from './storage/retention';
import { outboxSettings } from './delivery/settings';
import { contactStore, type ContactMessage, type ContactStore } from './storage/store';

/**
 * The contact capability's long-lived parts, one of each per process: the server entry opens
 * the store and starts the worker; the route handler and the Server Action use them.
 */
const runtime = () =>
  processShared(
    'contact.runtime',
    () => ({}) as { store?: Promise<ContactStore>; worker?: OutboxWorker },
  );

/**
 * The store, opened (and its schema migrated) on first use; a failed opening is forgotten, so the
 * next use tries again.
 */
export function getContactStore(): Promise<ContactStore> {
  const state = runtime();
  const opening = (state.store ??= openDatabase(config().DATABASE_URL).then(contactStore));
  opening.catch(() => {
    if (state.store === opening) state.store = undefined;
  });
  return opening;
}

export function wakeOutbox(): void {
  runtime().worker?.wake();
}

function digestOptions(now: number): DigestOptions {
  const settings = config();
  return { siteUrl: settings.SITE_URL, secret: settings.REVALIDATE_SECRET, now };
}

/**
 * A message was just held: if it is the first for a week, the firm gets a digest at once. A
 * failure here loses nothing (the message is stored; the day's digest lists it), so it is
 * only logged and the visitor's answer does not wait for it.
 */
export function messageHeld(store: ContactStore, message: ContactMessage): void {
  void queueImmediateDigest(store, message, digestOptions(Date.now())).then(
    (outcome) => {
      if (outcome !== 'queued') return;
      console.info(`[contact] digest queued at once: ${message.id} is the first held for a week`);
      wakeOutbox();
    },
    (error: unknown) => console.error(`[contact] digest not queued: ${describe(error)}`),
  );
}

export interface ContactBackground {
  /** Lets the worker finish the e-mail in hand (at most `ms`), then takes no other. */
  stop(ms: number): Promise<void>;
}

/**
 * Started by the server entry once the store is open: the outbox worker delivers every
 * undelivered message (those of a previous run too), expired messages are purged now and daily,
 * and the daily digest of held messages is queued (checked every minute; one per day whatever
 * the number of instances).
 */
export function startContactBackground(store: ContactStore): ContactBackground {
  const settings = config();
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, outboxDir: settings.OUTBOX_DIR });
  console.info(`[contact] storage: ${store.dialect}`);
  console.info(`[contact] e-mail delivery: ${mailer.description}`);
  const worker = new OutboxWorker({
    store,
    mailer,
    envelope: { from: settings.CONTACT_FROM, to: settings.CONTACT_TO },
    ...outboxSettings(),
  });
  runtime().worker = worker;
  worker.start();

  const purge = () =>
    purgeExpiredMessages(store, Date.now()).then(
      (count) =>
        count > 0 &&
        console.info(
          `[contact] purged ${count} expired message(s) (3 years; 30 days if held as suspected)`,
        ),
      (error: unknown) => console.error(`[contact] purge failed: ${describe(error)}`),
    );
  void purge();
  const purging = setInterval(() => void purge(), PURGE_INTERVAL_MS).unref();

  const digest = () =>
    queueDailyDigest(store, digestOptions(Date.now())).then(
      (outcome) => {
        if (outcome !== 'queued') return;
        console.info('[contact] daily digest of held messages queued');
        worker.wake();
      },
      (error: unknown) => console.error(`[contact] daily digest failed: ${describe(error)}`),
    );
  void digest();
  const digesting = setInterval(() => void digest(), DIGEST_CHECK_INTERVAL_MS).unref();

  return {
    stop: async (ms) => {
      clearInterval(purging);
      clearInterval(digesting);
      // An e-mail cut off is only sent again after the restart: never lost, at worst sent twice.
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
      await Promise.race([worker.stop(), deadline]);
    },
  };
}
