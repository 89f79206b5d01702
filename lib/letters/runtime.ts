import 'server-only';
import { config } from '@/lib/config';
import { siteDatabase } from '@/lib/db/client';
import { describe } from '@/lib/errors';
import type { MailQueue } from '@/lib/mail/queue';
import { wakeOutbox } from '@/lib/mail/runtime';
import type { ArticleForLetter } from './article';
import { composeLetter } from './compose';
import { startDueSends, subscriberCounts } from './sending';
import { lettersStore, type LettersStore } from './store';

/** On the process's one database handle (lib/db/client.ts), migrated by the server entry at start. */
export async function getLettersStore(): Promise<LettersStore> {
  return lettersStore(await siteDatabase());
}

/** Milliseconds between two letters, site-wide, from NEWSLETTER_RATE_PER_MINUTE (0: unpaced). */
export function letterIntervalMs(rate = config().NEWSLETTER_RATE_PER_MINUTE): number {
  return rate > 0 ? Math.ceil(60_000 / rate) : 0;
}

/**
 * The letters as the outbox's queue, or none without REVALIDATE_SECRET (no unsubscribe link can
 * be signed, so nothing is sent). Each letter is written when claimed, from the article's copy in
 * memory, its Message-ID from its send and subscriber.
 */
export function lettersMailQueue(store: LettersStore, articleFor: ArticleForLetter): MailQueue[] {
  const { SITE_URL, REVALIDATE_SECRET, CONTACT_FROM } = config();
  if (!REVALIDATE_SECRET) return [];
  return [
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
          { siteUrl: SITE_URL, secret: REVALIDATE_SECRET, from: CONTACT_FROM },
        );
      },
      { intervalMs: letterIntervalMs(), log: console },
    ),
  ];
}

export interface LettersBackground {
  stop(): void;
}

/** Started by the server entry once the database is open. */
export function startLettersBackground(
  store: LettersStore,
  articleFor: ArticleForLetter,
): LettersBackground {
  const settings = config();
  void subscriberCounts(store)
    .then(({ total }) => {
      if (!settings.REVALIDATE_SECRET)
        console.warn(
          '[letters] REVALIDATE_SECRET is not set: no letter is sent to subscribers (their links cannot be signed)',
        );
      else if (total > 0 && !settings.SMTP_URL)
        console.warn(
          `[letters] ${total} confirmed subscriber(s) but SMTP_URL is not set: letters are written as .eml files in ${settings.OUTBOX_DIR}, not sent`,
        );
    })
    .catch(() => {});
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
  void check();
  const timer = setInterval(() => void check(), settings.LETTERS_CHECK_MS).unref();
  return { stop: () => clearInterval(timer) };
}
