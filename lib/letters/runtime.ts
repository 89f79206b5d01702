import 'server-only';
import { config } from '@/lib/config';
import { siteDatabase } from '@/lib/db/client';
import { describe } from '@/lib/errors';
import type { MailQueue } from '@/lib/mail/queue';
import { composeConfirmation } from './confirmation-email';
import { confirmationsStore, type ConfirmationsStore } from './confirmations';
import { lettersStore, type LettersStore } from './store';

/** On the process's one database handle (lib/db/client.ts), migrated by the server entry at start. */
export async function getLettersStore(): Promise<LettersStore> {
  return lettersStore(await siteDatabase());
}

export async function getConfirmationsStore(): Promise<ConfirmationsStore> {
  return confirmationsStore(await siteDatabase());
}

/**
 * Subscribing needs signed links, keyed by REVALIDATE_SECRET: without it the form is not shown,
 * the routes refuse, and nothing is sent.
 */
export function subscribingOffered(): boolean {
  return Boolean(config().REVALIDATE_SECRET);
}

/** The confirmation e-mails' queue, for the server entry's outbox (after the contact queues). */
export async function confirmationMailQueues(): Promise<MailQueue[]> {
  const settings = config();
  const secret = settings.REVALIDATE_SECRET;
  if (!secret) return [];
  const store = await getConfirmationsStore();
  return [
    store.mailQueue((confirmation) =>
      composeConfirmation(confirmation, {
        siteUrl: settings.SITE_URL,
        secret,
        from: settings.CONTACT_FROM,
      }),
    ),
  ];
}

/** How often unconfirmed addresses past their 7 days are deleted. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface LettersBackground {
  stop(): void;
}

/** Started by the server entry once the database is open: the purge of unconfirmed addresses. */
export function startLettersBackground(): LettersBackground {
  if (!subscribingOffered())
    console.warn(
      '[letters] REVALIDATE_SECRET is not set: the subscription form is not shown and no confirmation e-mail is sent',
    );
  const purge = async () => {
    try {
      const purged = await (await getLettersStore()).purgeUnconfirmed(Date.now());
      await (await getConfirmationsStore()).purgeOrphans();
      if (purged > 0)
        console.info(`[letters] purged ${purged} address(es) unconfirmed after 7 days`);
    } catch (error) {
      console.error(`[letters] purge failed: ${describe(error)}`);
    }
  };
  void purge();
  const purging = setInterval(() => void purge(), PURGE_INTERVAL_MS).unref();
  return { stop: () => clearInterval(purging) };
}
