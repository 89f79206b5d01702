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
  exists,
  lte,
  min,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import { UNCONFIRMED_SUBSCRIBER_DAYS } from '@/lib/content/retention';
import type { Database } from '@/lib/db/client';
import { ping, sqliteShaped, type RowsAgree } from '@/lib/db/dialects';
import {
  letterPacingPg,
  letterPacingSqlite,
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
/** Letters refused for good (5xx at RCPT) in a row, on different letters, that unsubscribe an address. */
export const REFUSALS_TO_UNSUBSCRIBE = 2;
/** A letter whose article cannot be read now is tried again after this. */
const COMPOSE_RETRY_MS = 60_000;
/** A send left without letters this long after it started (a crash between the two): queued again. */
const START_RECOVERY_MS = 60_000;

export type SendState = 'queued' | 'sending' | 'sent' | 'cancelled' | 'stopped';

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

export interface QueueOptions {
  /** Milliseconds between two letters, site-wide; 0: no pacing. */
  intervalMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  log?: Pick<Console, 'warn'>;
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
  /** The send of the article at `slug`, if any. */
  findSend(slug: string): Promise<LetterSend | null>;
  sendsIn(state: SendState): Promise<LetterSend[]>;
  /**
   * A queued send begins: one conditional UPDATE (of instances doing it at once, one wins), then
   * its letters; false when it was not queued any more.
   */
  startSend(sendId: string, now: number): Promise<boolean>;
  /** A send started by an instance that stopped before queuing its letters: queued again. */
  recoverStart(sendId: string, now: number): Promise<void>;
  /** A queued send will not start; false when it was not queued. */
  cancelSend(sendId: string, now: number): Promise<boolean>;
  /**
   * A send in progress ends: its letters not yet sent are dropped (the one being sent finishes);
   * null when it was not sending.
   */
  stopSend(sendId: string, now: number): Promise<LetterSend | null>;
  /** A sending send with no letter left becomes sent, with its count. */
  finishIfDone(sendId: string, now: number): Promise<void>;
  /**
   * A stopped send's letters not in hand (never claimed, back after a failed attempt, or held by
   * an instance that died, once its lease has passed): dropped and counted, as none is claimed.
   */
  dropLeftovers(sendId: string, now: number): Promise<void>;
  /**
   * The site-wide pace: the time this letter may go, `intervalMs` after the one before it,
   * whichever instance sent that one (one conditional UPDATE on letter_pacing).
   */
  takeTurn(now: number, intervalMs: number): Promise<number>;
  /**
   * Queues one letter per confirmed subscriber for the send, due at once; a subscriber who has
   * one already gets no other (so instances may all run it); how many were added.
   */
  queueLetters(sendId: string, now: number): Promise<number>;
  sendProgress(sendId: string): Promise<SendProgress>;
  /** The letters as a queue of the outbox; `compose` writes each one when it is claimed. */
  queue(
    compose: (letter: ClaimedLetter) => OutgoingEmail | Promise<OutgoingEmail>,
    options?: QueueOptions,
  ): MailQueue;
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
    sqlite: {
      s: letterSubscribersSqlite,
      sends: letterSendsSqlite,
      l: lettersSqlite,
      pace: letterPacingSqlite,
    },
    postgres: { s: letterSubscribersPg, sends: letterSendsPg, l: lettersPg, pace: letterPacingPg },
  });
  const { s, sends, l, pace } = tables;
  const unconfirmed = isNull(s.confirmedAt);
  const byLetterId = (id: string) => {
    const [sendId = '', subscriberId = ''] = id.split('/');
    return and(eq(l.sendId, sendId), eq(l.subscriberId, subscriberId));
  };
  /** Not claimed, or claimed by an instance whose lease has passed (it stopped holding it). */
  const notInHand = (now: number) => or(isNull(l.lockedUntil), lt(l.lockedUntil, now));
  const due = (now: number) =>
    and(isNull(l.deliveredAt), lte(l.nextAttemptAt, now), notInHand(now));
  const waiting = isNull(l.deliveredAt);

  const inState = (sendId: SQLWrapper, state: LetterSend['state']) =>
    exists(
      db
        .select({ id: sends.id })
        .from(sends)
        .where(and(eq(sends.id, sendId), eq(sends.state, state))),
    );
  const sending = (sendId: SQLWrapper) => inState(sendId, 'sending');

  // A stopped send's letters are never claimed again: each one not in hand is dropped, and
  // counted, at the stop and whenever one comes back (its sending failed, or its lease passed).
  const dropLeftovers = async (sendId: string, now: number) => {
    const dropped = await db
      .delete(l)
      .where(and(eq(l.sendId, sendId), waiting, notInHand(now), inState(l.sendId, 'stopped')))
      .returning({ id: l.subscriberId });
    if (dropped.length > 0)
      await db
        .update(sends)
        .set({ droppedCount: sql`${sends.droppedCount} + ${dropped.length}` })
        .where(eq(sends.id, sendId));
  };

  const finishIfDone = async (sendId: string, now: number) => {
    // One row is enough to know (after each letter: a count would read the whole send).
    const left = await db
      .select({ id: l.subscriberId })
      .from(l)
      .where(and(waiting, eq(l.sendId, sendId)))
      .limit(1);
    if (left.length > 0) return;
    const { delivered } = await sendProgress(sendId);
    await db
      .update(sends)
      .set({ state: 'sent', finishedAt: now, sentCount: delivered })
      .where(and(eq(sends.id, sendId), eq(sends.state, 'sending')));
  };

  const sendProgress = async (sendId: string): Promise<SendProgress> => {
    const [row] = await db
      .select({ queued: count(), delivered: count(l.deliveredAt) })
      .from(l)
      .where(eq(l.sendId, sendId));
    return { queued: Number(row?.queued ?? 0), delivered: Number(row?.delivered ?? 0) };
  };

  const unsubscribe = async (id: string, why: Departure = 'asked', now = Date.now()) => {
    await db.delete(l).where(and(eq(l.subscriberId, id), waiting));
    const [gone] = await db.delete(s).where(eq(s.id, id)).returning({ confirmedAt: s.confirmedAt });
    // An address never confirmed was never counted as a subscriber: its leaving is not either.
    if (gone && gone.confirmedAt !== null) departed[why](now);
    return gone !== undefined;
  };

  const takeTurn = async (now: number, intervalMs: number): Promise<number> => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // One statement: of instances taking a turn at once, each gets its own time.
      const [row] = await db
        .update(pace)
        .set({
          nextAt: sql`(case when ${pace.nextAt} > ${now} then ${pace.nextAt} else ${now} end) + ${intervalMs}`,
        })
        .where(eq(pace.id, LETTERS_QUEUE))
        .returning({ nextAt: pace.nextAt });
      if (row) return Number(row.nextAt) - intervalMs;
      await db.insert(pace).values({ id: LETTERS_QUEUE, nextAt: 0 }).onConflictDoNothing();
    }
    throw new Error("the letters' pace could not be recorded");
  };

  const queueLetters = async (sendId: string, now: number) =>
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
    ).length;

  const queueAndCount = async (sendId: string, now: number) => {
    await queueLetters(sendId, now);
    const { queued } = await sendProgress(sendId);
    await db.update(sends).set({ recipients: queued }).where(eq(sends.id, sendId));
    await finishIfDone(sendId, now);
  };

  const queue = (
    compose: (letter: ClaimedLetter) => OutgoingEmail | Promise<OutgoingEmail>,
    options: QueueOptions = {},
  ): MailQueue => {
    const intervalMs = options.intervalMs ?? 0;
    const clock = options.now ?? Date.now;
    const sleep =
      options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const release = async (id: string, token: string, nextAttemptAt: number) => {
      const [row] = await db
        .update(l)
        .set({ lockToken: null, lockedUntil: null, nextAttemptAt })
        .where(and(byLetterId(id), eq(l.lockToken, token)))
        .returning({ sendId: l.sendId });
      if (row) await dropLeftovers(row.sendId, clock());
    };
    return {
      name: LETTERS_QUEUE,
      bulk: true,
      // Paced, one letter a round: the outbox looks at the firm's e-mails and the contact
      // messages again between two letters, so they never wait behind a send.
      dueIds: async (now, limit) =>
        (
          await db
            .select({ sendId: l.sendId, subscriberId: l.subscriberId })
            .from(l)
            .where(and(due(now), sending(l.sendId)))
            .orderBy(asc(l.nextAttemptAt))
            .limit(intervalMs > 0 ? 1 : limit)
        ).map((row) => letterId(row.sendId, row.subscriberId)),
      // One conditional UPDATE, as for contact messages: of two claims, one matches the row. A
      // letter of a send cancelled or stopped is never claimed.
      claim: async (id, token, now, leaseUntil) => {
        const [row] = await db
          .update(l)
          .set({ lockToken: token, lockedUntil: leaseUntil })
          .where(and(byLetterId(id), due(now), isNotNull(l.address), sending(l.sendId)))
          .returning();
        if (!row?.address) return null;
        const [send] = await db
          .select({ slug: sends.slug })
          .from(sends)
          .where(eq(sends.id, row.sendId));
        const locale = (locales as readonly string[]).includes(row.locale)
          ? (row.locale as Locale)
          : 'fr';
        let email: OutgoingEmail;
        try {
          email = await compose({
            sendId: row.sendId,
            slug: send?.slug ?? '',
            subscriberId: row.subscriberId,
            address: row.address,
            locale,
          });
        } catch (error) {
          await release(id, token, clock() + COMPOSE_RETRY_MS);
          options.log?.warn(
            `[letters] letter ${id} not written, tried again in a minute: ${String(error)}`,
          );
          return null;
        }
        if (intervalMs > 0) {
          const turn = await takeTurn(clock(), intervalMs);
          const wait = turn - clock();
          if (wait > 0) await sleep(wait);
        }
        return {
          email,
          fileName: `letter-${row.sendId}-${row.subscriberId}`,
          attempts: row.attempts,
          // No address in the logs.
          what: `letter ${id}`,
        };
      },
      // Delivered: the row keeps no address, only what counts the send's progress.
      markDelivered: async (id, token, now) => {
        const [row] = await db
          .update(l)
          .set({ ...deliveredColumns(l.attempts, now), address: null })
          .where(and(byLetterId(id), eq(l.lockToken, token)))
          .returning({ sendId: l.sendId, subscriberId: l.subscriberId });
        if (!row) return false;
        siteEvents().letterSent?.(now);
        await db
          .update(s)
          .set({ consecutiveRefusals: 0 })
          .where(and(eq(s.id, row.subscriberId), sql`${s.consecutiveRefusals} > 0`));
        await finishIfDone(row.sendId, now);
        return true;
      },
      markFailed: async (id, token, nextAttemptAt, error, failure) => {
        if (!failure.recipientRefused) {
          const [row] = await db
            .update(l)
            .set(failedColumns(l.attempts, nextAttemptAt, error, failure))
            .where(and(byLetterId(id), eq(l.lockToken, token)))
            .returning({ sendId: l.sendId });
          if (row) await dropLeftovers(row.sendId, failure.at);
          return;
        }
        // Refused for good (5xx at RCPT): no retry; the letter goes with its address, and the
        // second such letter in a row unsubscribes it.
        const [gone] = await db
          .delete(l)
          .where(and(byLetterId(id), eq(l.lockToken, token)))
          .returning({ sendId: l.sendId, subscriberId: l.subscriberId });
        if (!gone) return;
        await db
          .update(sends)
          .set({ refusedCount: sql`${sends.refusedCount} + 1` })
          .where(eq(sends.id, gone.sendId));
        const [subscriber] = await db
          .update(s)
          .set({ consecutiveRefusals: sql`${s.consecutiveRefusals} + 1` })
          .where(eq(s.id, gone.subscriberId))
          .returning({ refusals: s.consecutiveRefusals });
        if (subscriber && Number(subscriber.refusals) >= REFUSALS_TO_UNSUBSCRIBE)
          await unsubscribe(gone.subscriberId, 'refused', failure.at);
        await finishIfDone(gone.sendId, failure.at);
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
    };
  };

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
    unsubscribe,
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
    queueLetters,
    sendProgress,
    findSend: async (slug) =>
      (await db.select().from(sends).where(eq(sends.slug, slug)))[0] ?? null,
    sendsIn: async (state) =>
      db.select().from(sends).where(eq(sends.state, state)).orderBy(asc(sends.createdAt)),
    startSend: async (sendId, now) => {
      const [started] = await db
        .update(sends)
        .set({ state: 'sending', startedAt: now })
        .where(and(eq(sends.id, sendId), eq(sends.state, 'queued')))
        .returning({ id: sends.id });
      if (!started) return false;
      await queueAndCount(sendId, now);
      return true;
    },
    recoverStart: async (sendId, now) => {
      const [send] = await db.select().from(sends).where(eq(sends.id, sendId));
      if (send?.state !== 'sending' || (send.startedAt ?? now) > now - START_RECOVERY_MS) return;
      if ((await sendProgress(sendId)).queued > 0 || send.recipients > 0) return;
      await queueAndCount(sendId, now);
    },
    cancelSend: async (sendId, now) =>
      (
        await db
          .update(sends)
          .set({ state: 'cancelled', finishedAt: now })
          .where(and(eq(sends.id, sendId), eq(sends.state, 'queued')))
          .returning({ id: sends.id })
      ).length === 1,
    stopSend: async (sendId, now) => {
      const [stopped] = await db
        .update(sends)
        .set({ state: 'stopped', finishedAt: now })
        .where(and(eq(sends.id, sendId), eq(sends.state, 'sending')))
        .returning({ id: sends.id });
      if (!stopped) return null;
      // The letter in hand (claimed, lease running) finishes; the others are dropped.
      await dropLeftovers(sendId, now);
      const { delivered } = await sendProgress(sendId);
      const [send] = await db
        .update(sends)
        .set({ sentCount: delivered })
        .where(eq(sends.id, sendId))
        .returning();
      return send ?? null;
    },
    finishIfDone,
    dropLeftovers,
    takeTurn,
    queue,
    ping: () => ping(database),
    close: database.close,
  };
}
