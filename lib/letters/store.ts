/**
 * The legal watch's subscribers, sends and letters in the database: one body of queries for
 * SQLite and PostgreSQL (lib/db/dialects.ts says how). The letters are a queue of the outbox
 * (`lettersQueue`), delivered like every e-mail (lib/mail).
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  min,
  or,
  sql,
} from 'drizzle-orm';
import { UNCONFIRMED_SUBSCRIBER_DAYS } from '@/lib/content/retention';
import type { Database } from '@/lib/db/client';
import { ping, sqliteShaped, type RowsAgree } from '@/lib/db/dialects';
import {
  letterSendsPg,
  letterSendsSqlite,
  letterSubscribersPg,
  letterSubscribersSqlite,
  lettersPg,
  lettersSqlite,
} from '@/lib/db/schema';
import { locales, type Locale } from '@/lib/i18n/locales';
import { deliveredColumns, failedColumns, queueStateOf } from '@/lib/mail/delivery-columns';
import type { OutgoingEmail } from '@/lib/mail/email';
import type { MailQueue } from '@/lib/mail/queue';
import { siteEvents } from '@/lib/site-events';

const HOUR = 60 * 60 * 1000;

/** At most one confirmation e-mail per address in this time, whatever is posted. */
export const CONFIRMATION_INTERVAL_MS = 24 * HOUR;
/**
 * An address not confirmed within this time of its confirmation e-mail is deleted; the privacy
 * policy states it (lib/content/retention.ts).
 */
export const UNCONFIRMED_KEEP_MS = UNCONFIRMED_SUBSCRIBER_DAYS * 24 * HOUR;
/** The queue's name, for `OutboxWorker.sendNow`. */
export const LETTERS_QUEUE = 'letters';

export type Subscriber = typeof letterSubscribersSqlite.$inferSelect;
export type LetterSend = typeof letterSendsSqlite.$inferSelect;
export type Letter = typeof lettersSqlite.$inferSelect;

/** What the form gives: the address, the letters' language, where and when consent was given. */
export interface Subscription {
  address: string;
  locale: Locale;
  page: string;
  now: number;
}

/** A letter taken for delivery: what its composer needs to write it. */
export interface ClaimedLetter {
  sendId: string;
  slug: string;
  subscriberId: string;
  address: string;
  locale: Locale;
}

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'expired' | 'unknown';

/**
 * Why a subscriber goes: she asked (her link, the one-click POST), or her mail server refused
 * her address for good; the monthly report counts each apart.
 */
export type Departure = 'asked' | 'refused';

export type CreateSendOutcome =
  | { kind: 'created'; send: LetterSend }
  /** The article was sent (or queued) before: the first send, with its date. */
  | { kind: 'exists'; send: LetterSend };

export interface SendProgress {
  /** Letters queued for the send. */
  queued: number;
  /** Of them, delivered. */
  delivered: number;
}

export interface LettersStore {
  /**
   * Records a request to subscribe. A new address is stored unconfirmed; an unconfirmed one whose
   * last confirmation e-mail is over 24 hours old is refreshed (language, page, date). Either way
   * the subscriber is returned, to be sent a confirmation e-mail. Anything else (a confirmed
   * address, or a confirmation e-mail sent in the last 24 hours) changes nothing and returns
   * null: the caller answers the same whatever the address.
   */
  subscribe(subscription: Subscription): Promise<Subscriber | null>;
  /** Confirms by the subscriber's id; an unconfirmed row older than 7 days has expired. */
  confirm(id: string, now: number): Promise<ConfirmOutcome>;
  /** Deletes the subscriber and her letters not yet delivered; false when there was none. */
  unsubscribe(id: string, why?: Departure, now?: number): Promise<boolean>;
  /** Deletes the addresses unconfirmed 7 days after their confirmation e-mail; how many. */
  purgeUnconfirmed(now: number): Promise<number>;
  /** Confirmed subscribers per letters' language. */
  countConfirmed(): Promise<Record<Locale, number>>;
  find(id: string): Promise<Subscriber | null>;
  /** Every subscriber, confirmed or not, newest consent first (`npm run subscribers`). */
  list(): Promise<Subscriber[]>;
  /** Records a send of the article at `slug`, once: a second one finds the first. */
  createSend(slug: string, now: number): Promise<CreateSendOutcome>;
  /**
   * Queues one letter per confirmed subscriber for the send, due at once; a subscriber who has
   * one already gets no other (so instances may all run it); how many were added.
   */
  queueLetters(sendId: string, now: number): Promise<number>;
  sendProgress(sendId: string): Promise<SendProgress>;
  /** The letters as a queue of the outbox; `compose` writes each one when it is claimed. */
  queue(compose: (letter: ClaimedLetter) => OutgoingEmail): MailQueue;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const subscribersAgree: RowsAgree<typeof letterSubscribersPg, typeof letterSubscribersSqlite> =
  true;
const sendsAgree: RowsAgree<typeof letterSendsPg, typeof letterSendsSqlite> = true;
const lettersAgree: RowsAgree<typeof lettersPg, typeof lettersSqlite> = true;
void [subscribersAgree, sendsAgree, lettersAgree];

/** One address, one subscriber: case and surrounding spaces do not make another. */
export function subscriberAddress(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * The site events the audience counts for the monthly report (lib/site-events.ts), told here,
 * where the one statement that made the change answers: of two instances, or two clicks, only
 * the one whose statement changed the row tells it, so nothing is counted twice.
 */
const departed: Record<Departure, (at: number) => void> = {
  asked: (at) => siteEvents().subscriberUnsubscribed?.(at),
  refused: (at) => siteEvents().subscriberRefused?.(at),
};

/** A letter's id in the outbox: its send and its subscriber (ids never hold a '/'). */
const letterId = (sendId: string, subscriberId: string) => `${sendId}/${subscriberId}`;

export function lettersStore(database: Database): LettersStore {
  const { db, tables } = sqliteShaped(database, {
    sqlite: { s: letterSubscribersSqlite, sends: letterSendsSqlite, l: lettersSqlite },
    postgres: { s: letterSubscribersPg, sends: letterSendsPg, l: lettersPg },
  });
  const { s, sends, l } = tables;
  const unconfirmed = isNull(s.confirmedAt);
  const byLetterId = (id: string) => {
    const [sendId = '', subscriberId = ''] = id.split('/');
    return and(eq(l.sendId, sendId), eq(l.subscriberId, subscriberId));
  };
  const due = (now: number) =>
    and(
      isNull(l.deliveredAt),
      lte(l.nextAttemptAt, now),
      or(isNull(l.lockedUntil), lt(l.lockedUntil, now)),
    );
  const waiting = isNull(l.deliveredAt);

  const queue = (compose: (letter: ClaimedLetter) => OutgoingEmail): MailQueue => ({
    name: LETTERS_QUEUE,
    dueIds: async (now, limit) =>
      (
        await db
          .select({ sendId: l.sendId, subscriberId: l.subscriberId })
          .from(l)
          .where(due(now))
          .orderBy(asc(l.nextAttemptAt))
          .limit(limit)
      ).map((row) => letterId(row.sendId, row.subscriberId)),
    // One conditional UPDATE, as for contact messages: of two claims, one matches the row.
    claim: async (id, token, now, leaseUntil) => {
      const [row] = await db
        .update(l)
        .set({ lockToken: token, lockedUntil: leaseUntil })
        .where(and(byLetterId(id), due(now), isNotNull(l.address)))
        .returning();
      if (!row?.address) return null;
      const [send] = await db
        .select({ slug: sends.slug })
        .from(sends)
        .where(eq(sends.id, row.sendId));
      const locale = (locales as readonly string[]).includes(row.locale)
        ? (row.locale as Locale)
        : 'fr';
      return {
        email: compose({
          sendId: row.sendId,
          slug: send?.slug ?? '',
          subscriberId: row.subscriberId,
          address: row.address,
          locale,
        }),
        fileName: `letter-${row.sendId}-${row.subscriberId}`,
        attempts: row.attempts,
        // No address in the logs.
        what: `letter ${id}`,
      };
    },
    // Delivered: the row keeps no address, only what counts the send's progress.
    markDelivered: async (id, token, now) => {
      const marked =
        (
          await db
            .update(l)
            .set({ ...deliveredColumns(l.attempts, now), address: null })
            .where(and(byLetterId(id), eq(l.lockToken, token)))
            .returning({ sendId: l.sendId })
        ).length === 1;
      if (marked) siteEvents().letterSent?.(now);
      return marked;
    },
    markFailed: async (id, token, nextAttemptAt, error, failure) => {
      await db
        .update(l)
        .set(failedColumns(l.attempts, nextAttemptAt, error, failure))
        .where(and(byLetterId(id), eq(l.lockToken, token)));
    },
    state: async () => {
      const [totals] = await db
        .select({ n: count(), oldest: min(l.createdAt) })
        .from(l)
        .where(waiting);
      const [failure] = await db
        .select({ errorClass: l.lastErrorClass, at: l.lastFailedAt })
        .from(l)
        .where(and(waiting, isNotNull(l.lastFailedAt)))
        .orderBy(desc(l.lastFailedAt))
        .limit(1);
      return queueStateOf(totals, failure);
    },
  });

  return {
    subscribe: async ({ address, locale, page, now }) => {
      const key = subscriberAddress(address);
      const consent = { locale, consentPage: page, consentedAt: now, confirmationSentAt: now };
      const [inserted] = await db
        .insert(s)
        .values({ id: randomUUID(), address: key, ...consent })
        .onConflictDoNothing()
        .returning();
      if (inserted) return inserted;
      // One conditional UPDATE: of two requests at once, one finds the e-mail already sent.
      const [refreshed] = await db
        .update(s)
        .set(consent)
        .where(
          and(
            eq(s.address, key),
            unconfirmed,
            or(
              isNull(s.confirmationSentAt),
              lte(s.confirmationSentAt, now - CONFIRMATION_INTERVAL_MS),
            ),
          ),
        )
        .returning();
      return refreshed ?? null;
    },
    confirm: async (id, now) => {
      const [confirmed] = await db
        .update(s)
        .set({ confirmedAt: now })
        .where(and(eq(s.id, id), unconfirmed, gte(s.consentedAt, now - UNCONFIRMED_KEEP_MS)))
        .returning({ id: s.id });
      if (confirmed) {
        siteEvents().subscriberConfirmed?.(now);
        return 'confirmed';
      }
      const [found] = await db.select({ confirmedAt: s.confirmedAt }).from(s).where(eq(s.id, id));
      if (!found) return 'unknown';
      return found.confirmedAt === null ? 'expired' : 'already-confirmed';
    },
    unsubscribe: async (id, why = 'asked', now = Date.now()) => {
      await db.delete(l).where(and(eq(l.subscriberId, id), waiting));
      const [gone] = await db
        .delete(s)
        .where(eq(s.id, id))
        .returning({ confirmedAt: s.confirmedAt });
      // An address never confirmed was never counted as a subscriber: its leaving is not either.
      if (gone && gone.confirmedAt !== null) departed[why](now);
      return gone !== undefined;
    },
    purgeUnconfirmed: async (now) =>
      (
        await db
          .delete(s)
          .where(and(unconfirmed, lt(s.consentedAt, now - UNCONFIRMED_KEEP_MS)))
          .returning({ id: s.id })
      ).length,
    countConfirmed: async () => {
      const rows = await db
        .select({ locale: s.locale, n: count() })
        .from(s)
        .where(isNotNull(s.confirmedAt))
        .groupBy(s.locale);
      const counts: Record<Locale, number> = { fr: 0, en: 0 };
      for (const row of rows)
        if ((locales as readonly string[]).includes(row.locale))
          counts[row.locale as Locale] += Number(row.n);
      return counts;
    },
    find: async (id) => (await db.select().from(s).where(eq(s.id, id)))[0] ?? null,
    list: () => db.select().from(s).orderBy(desc(s.consentedAt), asc(s.address)),
    createSend: async (slug, now) => {
      const [created] = await db
        .insert(sends)
        .values({ id: randomUUID(), slug, state: 'queued', createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (created) return { kind: 'created', send: created };
      const [first] = await db.select().from(sends).where(eq(sends.slug, slug));
      if (!first) throw new Error(`the send of ${slug} was neither created nor found`);
      return { kind: 'exists', send: first };
    },
    queueLetters: async (sendId, now) =>
      (
        await db
          .insert(l)
          .select(
            db
              .select({
                sendId: sql`cast(${sendId} as text)`.as('send_id'),
                subscriberId: s.id,
                address: s.address,
                locale: s.locale,
                createdAt: sql`cast(${now} as bigint)`.as('created_at'),
                attempts: sql`cast(0 as integer)`.as('attempts'),
                nextAttemptAt: sql`cast(${now} as bigint)`.as('next_attempt_at'),
                lockedUntil: sql`cast(null as bigint)`.as('locked_until'),
                lockToken: sql`cast(null as text)`.as('lock_token'),
                lastError: sql`cast(null as text)`.as('last_error'),
                lastErrorClass: sql`cast(null as text)`.as('last_error_class'),
                lastFailedAt: sql`cast(null as bigint)`.as('last_failed_at'),
                deliveredAt: sql`cast(null as bigint)`.as('delivered_at'),
              })
              .from(s)
              .where(isNotNull(s.confirmedAt)),
          )
          .onConflictDoNothing()
          .returning({ subscriberId: l.subscriberId })
      ).length,
    sendProgress: async (sendId) => {
      const [row] = await db
        .select({ queued: count(), delivered: count(l.deliveredAt) })
        .from(l)
        .where(eq(l.sendId, sendId));
      return { queued: Number(row?.queued ?? 0), delivered: Number(row?.delivered ?? 0) };
    },
    queue,
    ping: () => ping(database),
    close: database.close,
  };
}
