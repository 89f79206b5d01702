import 'server-only';
import { config } from '@/lib/config';
import { siteDatabase } from '@/lib/db/client';
import { describe } from '@/lib/errors';
import type { MailQueue } from '@/lib/mail/queue';
import { wakeOutbox } from '@/lib/mail/runtime';
import type { ArticleForLetter } from './article';
import { composeLetter } from './compose';
import { composeConfirmation } from './confirmation-email';
import { confirmationsStore, type ConfirmationsStore } from './confirmations';
import { startDueSends, subscriberCounts } from './sending';
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

/** Milliseconds between two letters, site-wide, from NEWSLETTER_RATE_PER_MINUTE (0: unpaced). */
export function letterIntervalMs(rate = config().NEWSLETTER_RATE_PER_MINUTE): number {
  return rate > 0 ? Math.ceil(60_000 / rate) : 0;
}

/**
 * The outbox's queues of the legal watch, or none without REVALIDATE_SECRET (no link can be
 * signed, so nothing is sent): the confirmation e-mails, then the letters, paced. Each letter is
 * written when claimed, from the article's copy in memory, its Message-ID from its send and
 * subscriber.
 */
export async function lettersMailQueues(
  store: LettersStore,
  articleFor: ArticleForLetter,
): Promise<MailQueue[]> {
  const { SITE_URL, REVALIDATE_SECRET, CONTACT_FROM } = config();
  if (!REVALIDATE_SECRET) return [];
  const links = { siteUrl: SITE_URL, secret: REVALIDATE_SECRET, from: CONTACT_FROM };
  const confirmations = await getConfirmationsStore();
  return [
    confirmations.mailQueue((confirmation) => composeConfirmation(confirmation, links)),
    store.queue(
      async (letter) => {
        const article = await articleFor(letter.slug, { fresh: false });
        if (!article || article === 'unavailable')
          throw new Error(`the article ${letter.slug} cannot be read now`);
        return composeLetter(
          {
            article,
            locale: letter.locale,
            to: letter.address,
            subscriberId: letter.subscriberId,
            messageKey: `${letter.sendId}.${letter.subscriberId}`,
          },
          links,
        );
      },
      { intervalMs: letterIntervalMs(), log: console },
    ),
  ];
}

/** How often unconfirmed addresses past their 7 days are deleted. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface LettersBackground {
  stop(): void;
}

/**
 * Started by the server entry once the database is open: the purge of unconfirmed addresses, and
 * the check of queued sends (each starts once its article is online).
 */
export function startLettersBackground(
  store: LettersStore,
  articleFor: ArticleForLetter,
): LettersBackground {
  const settings = config();
  if (!subscribingOffered())
    console.warn(
      '[letters] REVALIDATE_SECRET is not set: the subscription form is not shown and nothing is sent to subscribers (their links cannot be signed)',
    );
  else
    void subscriberCounts(store)
      .then(({ total }) => {
        if (total > 0 && !settings.SMTP_URL)
          console.warn(
            `[letters] ${total} confirmed subscriber(s) but SMTP_URL is not set: letters are written as .eml files in ${settings.OUTBOX_DIR}, not sent`,
          );
      })
      .catch(() => {});
  const purge = async () => {
    try {
      const purged = await store.purgeUnconfirmed(Date.now());
      await (await getConfirmationsStore()).purgeOrphans();
      if (purged > 0)
        console.info(`[letters] purged ${purged} address(es) unconfirmed after 7 days`);
    } catch (error) {
      console.error(`[letters] purge failed: ${describe(error)}`);
    }
  };
  const check = async () => {
    try {
      if ((await startDueSends(store, articleFor, Date.now())) > 0) {
        console.info('[letters] a queued send started: its article is online');
        wakeOutbox();
      }
    } catch (error) {
      console.error(`[letters] queued sends not checked: ${describe(error)}`);
    }
  };
  void purge();
  void check();
  const purging = setInterval(() => void purge(), PURGE_INTERVAL_MS).unref();
  const checking = setInterval(() => void check(), settings.LETTERS_CHECK_MS).unref();
  return {
    stop: () => {
      clearInterval(purging);
      clearInterval(checking);
    },
  };
}
