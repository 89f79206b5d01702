/**
 * The subscribers' confirmation e-mails in the database (`letter_confirmations`), one per
 * subscriber, and their queue in the outbox. A row names its subscriber only: the address, the
 * language and the link's date are read from her row when the e-mail is claimed, so a purged or
 * unsubscribed subscriber's e-mail is never sent.
 */
import 'server-only';
import {
  and,
  asc,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  lt,
  lte,
  min,
  notInArray,
  or,
} from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { sqliteShaped, type RowsAgree } from '@/lib/db/dialects';
import {
  letterConfirmationsPg,
  letterConfirmationsSqlite,
  letterSubscribersPg,
  letterSubscribersSqlite,
} from '@/lib/db/schema';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { deliveredColumns, failedColumns, queueStateOf } from '@/lib/mail/delivery-columns';
import type { OutgoingEmail } from '@/lib/mail/email';
import type { MailQueue } from '@/lib/mail/queue';

/** The queue's name, for `OutboxWorker.sendNow` and /api/health. */
export const CONFIRMATIONS_QUEUE = 'letter-confirmations';

/** What the composer needs: the link is signed for `sentAt`, the subscriber's request. */
export interface ClaimedConfirmation {
  subscriberId: string;
  address: string;
  locale: Locale;
  sentAt: number;
}

export interface ConfirmationsStore {
  /** Queues (or queues again, after 24 hours) the subscriber's confirmation e-mail, due now. */
  queue(subscriberId: string, now: number): Promise<void>;
  /** Deletes the e-mails of subscribers who are gone (purged, unsubscribed); how many. */
  purgeOrphans(): Promise<number>;
  mailQueue(compose: (confirmation: ClaimedConfirmation) => OutgoingEmail): MailQueue;
}

const agree: RowsAgree<typeof letterConfirmationsPg, typeof letterConfirmationsSqlite> = true;
void agree;

export function confirmationsStore(database: Database): ConfirmationsStore {
  const { db, tables } = sqliteShaped(database, {
    sqlite: { c: letterConfirmationsSqlite, s: letterSubscribersSqlite },
    postgres: { c: letterConfirmationsPg, s: letterSubscribersPg },
  });
  const { c, s } = tables;
  const waiting = isNull(c.deliveredAt);
  const due = (now: number) =>
    and(waiting, lte(c.nextAttemptAt, now), or(isNull(c.lockedUntil), lt(c.lockedUntil, now)));
  const fresh = (now: number) => ({
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    lockedUntil: null,
    lockToken: null,
    lastError: null,
    lastErrorClass: null,
    lastFailedAt: null,
    deliveredAt: null,
  });

  const mailQueue = (compose: (confirmation: ClaimedConfirmation) => OutgoingEmail): MailQueue => ({
    name: CONFIRMATIONS_QUEUE,
    dueIds: async (now, limit) =>
      (
        await db
          .select({ id: c.subscriberId })
          .from(c)
          .where(due(now))
          .orderBy(asc(c.nextAttemptAt))
          .limit(limit)
      ).map((row) => row.id),
    claim: async (id, token, now, leaseUntil) => {
      const [row] = await db
        .update(c)
        .set({ lockToken: token, lockedUntil: leaseUntil })
        .where(and(eq(c.subscriberId, id), due(now)))
        .returning();
      if (!row) return null;
      const [subscriber] = await db.select().from(s).where(eq(s.id, id));
      // Gone meanwhile, or confirmed by an earlier e-mail: nothing more is sent to her.
      if (!subscriber || subscriber.confirmedAt !== null) {
        await db.delete(c).where(eq(c.subscriberId, id));
        return null;
      }
      return {
        email: compose({
          subscriberId: id,
          address: subscriber.address,
          locale: isLocale(subscriber.locale) ? subscriber.locale : 'fr',
          sentAt: subscriber.confirmationSentAt ?? subscriber.consentedAt,
        }),
        fileName: `letter-confirmation-${id}-${row.createdAt}`,
        attempts: row.attempts,
        // No address in the logs.
        what: `confirmation e-mail ${id}`,
      };
    },
    markDelivered: async (id, token, now) =>
      (
        await db
          .update(c)
          .set(deliveredColumns(c.attempts, now))
          .where(and(eq(c.subscriberId, id), eq(c.lockToken, token)))
          .returning({ id: c.subscriberId })
      ).length === 1,
    markFailed: async (id, token, nextAttemptAt, error, failure) => {
      await db
        .update(c)
        .set(failedColumns(c.attempts, nextAttemptAt, error, failure))
        .where(and(eq(c.subscriberId, id), eq(c.lockToken, token)));
    },
    state: async () => {
      const [totals] = await db
        .select({ n: count(), oldest: min(c.createdAt) })
        .from(c)
        .where(waiting);
      const [failure] = await db
        .select({ errorClass: c.lastErrorClass, at: c.lastFailedAt })
        .from(c)
        .where(and(waiting, isNotNull(c.lastFailedAt)))
        .orderBy(desc(c.lastFailedAt))
        .limit(1);
      return queueStateOf(totals, failure);
    },
  });

  return {
    queue: async (subscriberId, now) => {
      await db
        .insert(c)
        .values({ subscriberId, ...fresh(now) })
        .onConflictDoUpdate({ target: c.subscriberId, set: fresh(now) });
    },
    purgeOrphans: async () =>
      (
        await db
          .delete(c)
          .where(notInArray(c.subscriberId, db.select({ id: s.id }).from(s)))
          .returning({ id: c.subscriberId })
      ).length,
    mailQueue,
  };
}
