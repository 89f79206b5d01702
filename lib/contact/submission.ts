import 'server-only';
import { randomUUID } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { getMessages, interpolate } from '@/lib/i18n/translator';
import { formAgeMs, MIN_FILL_TIME_MS } from './form-token';
import { describe } from './outbox';
import { getContactStore, wakeOutbox } from './runtime';
import { validateContact, type ContactFieldErrors } from './schema';

/** At most 5 messages per client address in 10 minutes. */
export const RATE_LIMIT = { points: 5, durationSeconds: 10 * 60 } as const;

export type SubmissionOutcome =
  | { kind: 'accepted'; id: string }
  | { kind: 'invalid'; message: string; errors: ContactFieldErrors }
  | { kind: 'rate-limited'; message: string; retryAfterSeconds: number }
  | { kind: 'unavailable'; message: string };

const LIMITER_KEY = Symbol.for('sorel-aubry.contact.rate-limiter');
const SPAM_KEY = Symbol.for('sorel-aubry.contact.spam-count');

function limiter(): RateLimiterMemory {
  const holder = globalThis as { [LIMITER_KEY]?: RateLimiterMemory };
  holder[LIMITER_KEY] ??= new RateLimiterMemory({
    points: RATE_LIMIT.points,
    duration: RATE_LIMIT.durationSeconds,
  });
  return holder[LIMITER_KEY];
}

function countSpam(reason: string): void {
  const holder = globalThis as { [SPAM_KEY]?: number };
  holder[SPAM_KEY] = (holder[SPAM_KEY] ?? 0) + 1;
  console.info(`[contact] spam discarded (${reason}); total since start: ${holder[SPAM_KEY]}`);
}

/** The language of the answer: the payload's `locale` field if valid, else the request's. */
export function submissionLocale(input: unknown, fallback: Locale): Locale {
  const field =
    input !== null && typeof input === 'object' ? (input as { locale?: unknown }).locale : null;
  return isLocale(field) ? field : fallback;
}

/**
 * One contact submission, whoever sends it (the API or the no-JavaScript form): validation,
 * rate limit, anti-spam, then storage. 'accepted' means committed to the database (or, for
 * spam, silently dropped). The outbox worker then e-mails it.
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

  try {
    await limiter().consume(context.clientAddress);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    return {
      kind: 'rate-limited',
      retryAfterSeconds,
      message: interpolate(messages.api.rateLimited, {
        minutes: Math.ceil(retryAfterSeconds / 60),
      }),
    };
  }

  const extras = input as { website?: unknown; formToken?: unknown };
  if (extras.website !== undefined && extras.website !== null && extras.website !== '') {
    countSpam('honeypot filled');
    return { kind: 'accepted', id: randomUUID() };
  }
  const age = formAgeMs(extras.formToken, now);
  if (age !== null && age < MIN_FILL_TIME_MS) {
    countSpam(`form sent ${age} ms after display`);
    return { kind: 'accepted', id: randomUUID() };
  }

  const id = randomUUID();
  try {
    const store = await getContactStore();
    await store.insert({
      id,
      ...validation.data,
      locale,
      createdAt: now,
      nextAttemptAt: now,
      attempts: 0,
    });
  } catch (error) {
    console.error(`[contact] message could not be stored: ${describe(error)}`);
    return { kind: 'unavailable', message: messages.api.unavailable };
  }
  wakeOutbox();
  return { kind: 'accepted', id };
}
