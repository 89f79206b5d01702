import 'server-only';
import { randomUUID } from 'node:crypto';
import { describe } from '@/lib/errors';
import { consumeRateLimit } from '@/lib/http/rate-limit';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { getMessages, interpolate } from '@/lib/i18n/translator';
import { wakeOutbox } from '@/lib/mail/runtime';
import { siteEvents } from '@/lib/site-events';
import { getContactStore, messageHeld } from '../runtime';
import type { ContactMessage, ContactStore } from '../storage/store';
import { submissionIdOf } from './submission-id';
import { validateContact, type ContactFieldErrors } from './schema';
import { suspicionReason } from './suspicion';

export const RATE_LIMIT = { points: 5, durationSeconds: 10 * 60, keyPrefix: 'contact' } as const;

export type SubmissionOutcome =
  | { kind: 'accepted'; id: string }
  | { kind: 'invalid'; message: string; errors: ContactFieldErrors }
  | { kind: 'rate-limited'; message: string; retryAfterSeconds: number }
  | { kind: 'unavailable'; message: string };

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

  let limited;
  try {
    limited = await consumeRateLimit(RATE_LIMIT, context.clientAddress);
  } catch (error) {
    // The limit cannot be checked without its database, and the message could not be stored
    // in it either: the visitor is told to try again later (fail closed), nothing is kept.
    console.error(`[contact] rate limit unavailable: ${describe(error)}`);
    return { kind: 'unavailable', message: messages.api.unavailable };
  }
  if (limited.kind === 'limited')
    return {
      kind: 'rate-limited',
      retryAfterSeconds: limited.retryAfterSeconds,
      message: interpolate(messages.api.rateLimited, {
        minutes: Math.ceil(limited.retryAfterSeconds / 60),
      }),
    };

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
