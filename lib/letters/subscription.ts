/**
 * A request to subscribe, from the form (with or without JavaScript) through
 * POST /api/veille/inscription: one zod schema for the address and language, the per-address
 * rate limit, then the store's rule of one confirmation e-mail per address per 24 hours. The
 * answer is the same whether the address was new, waiting or already subscribed.
 */
import 'server-only';
import * as z from 'zod/mini';
import { describe } from '@/lib/errors';
import { consumeRateLimit } from '@/lib/http/rate-limit';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { getMessages, interpolate } from '@/lib/i18n/translator';
import { wakeOutbox } from '@/lib/mail/runtime';
import { getConfirmationsStore, getLettersStore } from './runtime';

/** The contact form's limit (5 in 10 minutes per client address), counted apart. */
export const SUBSCRIBE_RATE_LIMIT = {
  points: 5,
  durationSeconds: 10 * 60,
  keyPrefix: 'letters',
} as const;
/** RFC 5321's longest path. */
export const ADDRESS_MAX = 254;
/** The page the form was on, recorded with the consent; longer is cut. */
const PAGE_MAX = 300;

export type SubscribeOutcome =
  | { kind: 'accepted'; message: string }
  | { kind: 'invalid'; message: string; errors: { email: string } }
  | { kind: 'rate-limited'; message: string; retryAfterSeconds: number }
  | { kind: 'unavailable'; message: string };

export interface SubscribeInput {
  email: string;
  /** The letters' language; the page's by default. */
  letters: Locale;
  /** The page the form was on, a path of this site. */
  page: string;
}

/** The form's fields, read leniently: whatever is missing or wrong becomes a field error later. */
export function subscribeInput(
  fields: Record<string, unknown>,
  pageLocale: Locale,
): SubscribeInput {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const page = text(fields.page);
  return {
    email: text(fields.email),
    letters: isLocale(fields.letters) ? fields.letters : pageLocale,
    page: page.startsWith('/') && !page.startsWith('//') ? page.slice(0, PAGE_MAX) : '/',
  };
}

/** The address checked as the contact form checks its own; the error in the form's language. */
export function validateAddress(
  email: string,
  locale: Locale,
): { ok: true; address: string } | { ok: false; error: string } {
  const m = getMessages(locale).letters.validation;
  const address = email.trim();
  if (address === '') return { ok: false, error: m.required };
  if (address.length > ADDRESS_MAX) return { ok: false, error: m.tooLong };
  if (!z.safeParse(z.email(), address).success) return { ok: false, error: m.email };
  return { ok: true, address };
}

export async function subscribe(
  input: SubscribeInput,
  context: { locale: Locale; clientAddress: string; now?: number },
): Promise<SubscribeOutcome> {
  const now = context.now ?? Date.now();
  const messages = getMessages(context.locale).letters;
  const checked = validateAddress(input.email, context.locale);
  if (!checked.ok)
    return { kind: 'invalid', message: messages.api.invalid, errors: { email: checked.error } };

  try {
    const limited = await consumeRateLimit(SUBSCRIBE_RATE_LIMIT, context.clientAddress);
    if (limited.kind === 'limited')
      return {
        kind: 'rate-limited',
        retryAfterSeconds: limited.retryAfterSeconds,
        message: interpolate(messages.api.rateLimited, {
          minutes: Math.ceil(limited.retryAfterSeconds / 60),
        }),
      };
    const subscriber = await (
      await getLettersStore()
    ).subscribe({ address: checked.address, locale: input.letters, page: input.page, now });
    if (subscriber) {
      await (await getConfirmationsStore()).queue(subscriber.id, now);
      console.info(`[letters] confirmation e-mail queued for subscriber ${subscriber.id}`);
      wakeOutbox();
    }
  } catch (error) {
    console.error(`[letters] subscription not recorded: ${describe(error)}`);
    return { kind: 'unavailable', message: messages.api.unavailable };
  }
  return { kind: 'accepted', message: messages.form.accepted };
}
