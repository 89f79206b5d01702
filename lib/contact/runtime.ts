import 'server-only';
import { config } from '@/lib/config';
import { siteDatabase } from '@/lib/db/client';
import { describe } from '@/lib/errors';
import { wakeOutbox } from '@/lib/mail/runtime';
import {
  DIGEST_CHECK_INTERVAL_MS,
  queueDailyDigest,
  queueImmediateDigest,
  type DigestOptions,
} from './delivery/digest';
import { PURGE_INTERVAL_MS, purgeExpiredMessages } from './storage/retention';
import { contactStore, type ContactMessage, type ContactStore } from './storage/store';

/** Opened, and migrated, by the server entry at start. */
export async function getContactStore(): Promise<ContactStore> {
  return contactStore(await siteDatabase());
}

function digestOptions(now: number): DigestOptions {
  const settings = config();
  return { siteUrl: settings.SITE_URL, secret: settings.REVALIDATE_SECRET, now };
}

/**
 * A failure here loses nothing (the day's digest lists the message), so it is only logged and the
 * visitor's answer does not wait for it.
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
  stop(): void;
}

/** Started by the server entry once the store is open; the outbox (lib/mail) sends the mail. */
export function startContactBackground(store: ContactStore): ContactBackground {
  console.info(`[contact] storage: ${store.dialect}`);
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
        wakeOutbox();
      },
      (error: unknown) => console.error(`[contact] daily digest failed: ${describe(error)}`),
    );
  void digest();
  const digesting = setInterval(() => void digest(), DIGEST_CHECK_INTERVAL_MS).unref();

  return {
    stop: () => {
      clearInterval(purging);
      clearInterval(digesting);
    },
  };
}
