import { config } from '@/lib/config';
import { clientAddress } from '@/lib/http/client-address';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { isSameSiteRequest } from '@/lib/http/origin';
import { readLimited } from '@/lib/http/read-limited';
import { acceptLanguageLocale } from '@/lib/http/request-locale';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getMessages } from '@/lib/i18n/translator';
import { SUBSCRIBE_NEXT_PATH } from '@/lib/letters/links';
import { lettersPage } from '@/lib/letters/page';
import { subscribingOffered } from '@/lib/letters/runtime';
import { subscribe, subscribeInput, type SubscribeOutcome } from '@/lib/letters/subscription';

/** The form's three fields and the page's path fit many times over. */
const MAX_BODY_BYTES = 4 * 1024;

const STATUS: Record<SubscribeOutcome['kind'], number> = {
  accepted: 202,
  invalid: 400,
  'rate-limited': 429,
  unavailable: 503,
};

function json(status: number, body: object, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

const other = otherMethods('POST', (locale) => getMessages(locale).letters.api.methodNotAllowed);

export const GET = other.refused;
export const PUT = other.refused;
export const PATCH = other.refused;
export const DELETE = other.refused;
export const OPTIONS = other.options;

/**
 * POST /api/veille/inscription. The form without JavaScript posts it form-encoded and is
 * answered 303 to the page saying what happens next (or an error page with the refusal's
 * status); the form's script posts JSON and reads JSON. Fields: email, letters (the letters'
 * language), locale (the form's), page (its path). docs/behaviour.md, "The legal watch by e-mail".
 */
export async function POST(request: Request) {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  const form = type === 'application/x-www-form-urlencoded';
  let locale: Locale = acceptLanguageLocale(request.headers.get('accept-language'));
  let back = localizedPath(locale, '/blog');
  const api = () => getMessages(locale).letters.api;
  const refuse = (status: number, message: string, headers: Record<string, string> = {}) => {
    if (!form) return json(status, { message }, headers);
    const page = lettersPage({ kind: 'form-error', status, message, back }, locale);
    for (const [name, value] of Object.entries(headers)) page.headers.set(name, value);
    return page;
  };

  if (!subscribingOffered()) return refuse(404, api().notOffered);
  if (!isSameSiteRequest(request.headers, config().SITE_URL))
    return refuse(403, api().forbiddenOrigin);
  if (!form && type !== 'application/json') return refuse(415, api().unsupportedType);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES) return refuse(413, api().tooLarge);
  const bytes = await readLimited(request.body, MAX_BODY_BYTES);
  if (bytes === null) return refuse(413, api().tooLarge);

  let fields: Record<string, unknown> = {};
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const parsed: unknown = form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      fields = parsed as Record<string, unknown>;
  } catch {
    // An unreadable body is an empty form: the address is missing, said as a field error.
  }
  if (isLocale(fields.locale)) locale = fields.locale;
  const input = subscribeInput(fields, locale);
  back = input.page;

  const outcome = await subscribe(input, {
    locale,
    clientAddress: clientAddress(request.headers, config().TRUST_PROXY),
  });
  const status = STATUS[outcome.kind];
  const headers: Record<string, string> =
    outcome.kind === 'rate-limited'
      ? { 'Retry-After': String(outcome.retryAfterSeconds) }
      : outcome.kind === 'unavailable'
        ? { 'Retry-After': '60' }
        : {};
  if (outcome.kind === 'accepted')
    return form
      ? new Response(null, {
          status: 303,
          headers: {
            Location: localizedPath(locale, SUBSCRIBE_NEXT_PATH),
            'Cache-Control': 'no-store',
          },
        })
      : json(status, { message: outcome.message });
  if (outcome.kind === 'invalid')
    return form
      ? refuse(status, outcome.errors.email)
      : json(status, { message: outcome.message, errors: outcome.errors });
  return refuse(status, outcome.message, headers);
}
