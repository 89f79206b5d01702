import 'server-only';
import { randomUUID } from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Pool } from 'pg';
import { config } from '@/lib/config';
import { siteDatabase } from '@/lib/db/client';
import { databaseTarget } from '@/lib/db/target';
import { describe } from '@/lib/errors';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { getMessages, interpolate } from '@/lib/i18n/translator';
import { wakeOutbox } from '@/lib/mail/runtime';
import { processShared } from '@/lib/process-shared';
import { siteEvents } from '@/lib/site-events';
import { getContactStore, messageHeld } from '../runtime';
import type { ContactMessage, ContactStore } from '../storage/store';
import { submissionIdOf } from './submission-id';
import { validateContact, type ContactFieldErrors } from './schema';
import { suspicionReason } from './suspicion';

export const RATE_LIMIT = { points: 5, durationSeconds: 10 * 60 } as const;

export type SubmissionOutcome =
  | { kind: 'accepted'; id: string }
  | { kind: 'invalid'; message: string; errors: ContactFieldErrors }
  | { kind: 'rate-limited'; message: string; retryAfterSeconds: number }
  | { kind: 'unavailable'; message: string };

/**
 * In memory with SQLite (one instance); in PostgreSQL otherwise, so that the limit holds on every
 * instance. A failed opening is forgotten: the next message tries again.
 */
function limiter(): Promise<RateLimiterAbstract> {
  // Counted once per process: the route handler and the Server Action are bundled apart.
  const holder = processShared(
    'contact.rate-limiter',
    () => ({}) as { limiter?: Promise<RateLimiterAbstract> },
  );
  const existing = holder.limiter;
  if (existing) return existing;
  const options = {
    points: RATE_LIMIT.points,
    duration: RATE_LIMIT.durationSeconds,
    keyPrefix: 'contact',
  };
  // With SQLite the limit holds without the database: it is checked before the message is stored.
  const created =
    databaseTarget(config().DATABASE_URL).dialect === 'sqlite'
      ? Promise.resolve<RateLimiterAbstract>(new RateLimiterMemory(options))
      : siteDatabase().then((database) =>
          database.dialect === 'postgres'
            ? postgresLimiter(database.pool, options)
            : new RateLimiterMemory(options),
        );
  holder.limiter = created;
  created.catch(() => {
    if (holder.limiter === created) holder.limiter = undefined;
  });
  return created;
}

/**
 * Two instances starting together can fail the slower one's CREATE TABLE IF NOT EXISTS with 42P07,
 * which the library does not absorb (only 23505): either means the table is there.
 */
function postgresLimiter(
  pool: Pool,
  options: { points: number; duration: number; keyPrefix: string },
): Promise<RateLimiterAbstract> {
  const settings = { ...options, storeClient: pool, tableName: 'contact_rate_limits' };
  return new Promise<RateLimiterAbstract>((resolve, reject) => {
    const store = new RateLimiterPostgres(settings, (error?: unknown) => {
      if (!error) return resolve(store);
      if ((error as { code?: unknown }).code === '42P07')
        return resolve(new RateLimiterPostgres({ ...settings, tableCreated: true }));
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

export function submissionLocale(input: unknown, fallback: Locale): Locale {
  const field =
    input !== null && typeof input === 'object' ? (input as { locale?: unknown }).locale : null;
  return isLocale(field) ? field : fallback;
}

/**
 * 'accepted' means committed. A message held as suspected is stored all the same and its sender
 * gets the same answer: a robot learns nothing.
 */
export async function submitContactMessage(
  input: unknown,
  context: { locale: Locale; clientAddress: string; now?: number },
): Promise<SubmissionOutcome> {
  const now = context.now ?? Date.now();
  const locale = submissionLocale(input, context.locale);
  const messages = getMessages(locale).contact;
  const validation = validateContact(input, messages.validation);
  if (!validation.success)
    return { kind: 'invalid', message: messages.api.invalid, errors: validation.errors };

  const submissionId = submissionIdOf(input);
  if (submissionId === null)
    return { kind: 'invalid', message: messages.api.invalidSubmissionId, errors: {} };
  const message = { ...validation.data, locale };

  // The same submission sent again (the form resends when an answer was lost): it is already
  // stored, so the sender gets the same answer and the rate limit is not charged twice.
  let store: ContactStore | undefined;
  if (submissionId) {
    try {
      store = await getContactStore();
      if (sameMessage(await store.find(submissionId), message))
        return { kind: 'accepted', id: submissionId };
    } catch (error) {
      console.error(`[contact] message could not be stored: ${describe(error)}`);
      return { kind: 'unavailable', message: messages.api.unavailable };
    }
  }

  try {
    await (await limiter()).consume(context.clientAddress);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      // The limit cannot be checked without its database, and the message could not be stored
      // in it either: the visitor is told to try again later (fail closed), nothing is kept.
      console.error(`[contact] rate limit unavailable: ${describe(rejection)}`);
      return { kind: 'unavailable', message: messages.api.unavailable };
    }
    const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    return {
      kind: 'rate-limited',
      retryAfterSeconds,
      message: interpolate(messages.api.rateLimited, {
        minutes: Math.ceil(retryAfterSeconds / 60),
      }),
    };
  }

  const suspectedReason = suspicionReason(input, now);
  let id = submissionId ?? randomUUID();
  try {
    store ??= await getContactStore();
    const row = { ...message, createdAt: now, nextAttemptAt: now, attempts: 0, suspectedReason };
    if (!(await store.insert({ id, ...row }))) {
      // Stored meanwhile by a copy of this submission sent at the same time: the same answer.
      if (sameMessage(await store.find(id), message)) return { kind: 'accepted', id };
      // Another message under the same identifier (a sender reusing one): kept under its own.
      id = randomUUID();
      await store.insert({ id, ...row });
    }
  } catch (error) {
    console.error(`[contact] message could not be stored: ${describe(error)}`);
    return { kind: 'unavailable', message: messages.api.unavailable };
  }
  siteEvents().contactMessageStored?.(suspectedReason !== null, now);
  if (suspectedReason) {
    console.info(
      `[contact] message ${id} held as suspected spam, not e-mailed: ${suspectedReason}`,
    );
    const stored = await store.find(id).catch(() => null);
    if (stored) messageHeld(store, stored);
  } else wakeOutbox();
  return { kind: 'accepted', id };
}

function sameMessage(
  stored: ContactMessage | null,
  message: { name: string; email: string; phone: string; message: string },
): boolean {
  return (
    stored !== null &&
    stored.name === message.name &&
    stored.email === message.email &&
    stored.phone === message.phone &&
    stored.message === message.message
  );
}
