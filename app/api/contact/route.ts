import { config } from '@/lib/config';
import { clientAddress } from '@/lib/http/client-address';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { isSameSiteRequest } from '@/lib/http/origin';
import { acceptLanguageLocale } from '@/lib/http/request-locale';
import { submitContactMessage, submissionLocale } from '@/lib/contact/form/submission';
import { readLimited } from '@/lib/http/read-limited';
import { getMessages } from '@/lib/i18n/translator';

/** Largest accepted body: the four fields at their maximum lengths fit well within it. */
const MAX_BODY_BYTES = 32 * 1024;

function answer(status: number, body: object, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/** Any other method: 405 with the allowed one and a readable message, like every other error. */
const other = otherMethods('POST', (locale) => getMessages(locale).contact.api.methodNotAllowed);

export const GET = other.refused;
export const PUT = other.refused;
export const PATCH = other.refused;
export const DELETE = other.refused;
export const OPTIONS = other.options;

/**
 * POST /api/contact: JSON {name, email, phone, message} → 201 {id}. The answers and their texts:
 * docs/behaviour.md, Contact form.
 */
export async function POST(request: Request) {
  const settings = config();
  let locale = acceptLanguageLocale(request.headers.get('accept-language'));
  const api = () => getMessages(locale).contact.api;
  try {
    if (!isSameSiteRequest(request.headers, settings.SITE_URL))
      return answer(403, { message: api().forbiddenOrigin });

    const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return answer(415, { message: api().unsupportedType });

    const declared = Number(request.headers.get('content-length') ?? '0');
    if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES)
      return answer(413, { message: api().tooLarge });
    const bytes = await readLimited(request.body, MAX_BODY_BYTES);
    if (bytes === null) return answer(413, { message: api().tooLarge });

    let input: unknown;
    try {
      input = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      return answer(400, { message: api().invalidJson, errors: {} });
    }
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      return answer(400, { message: api().invalidJson, errors: {} });
    locale = submissionLocale(input, locale);

    const outcome = await submitContactMessage(input, {
      locale,
      clientAddress: clientAddress(request.headers, settings.TRUST_PROXY),
    });
    switch (outcome.kind) {
      case 'accepted':
        return answer(201, { id: outcome.id });
      case 'invalid':
        return answer(400, { message: outcome.message, errors: outcome.errors });
      case 'rate-limited':
        return answer(
          429,
          { message: outcome.message },
          { 'Retry-After': String(outcome.retryAfterSeconds) },
        );
      case 'unavailable':
        return answer(503, { message: outcome.message }, { 'Retry-After': '60' });
    }
  } catch (error) {
    console.error(`[contact] unexpected error: ${error instanceof Error ? error.message : error}`);
    return answer(503, { message: api().unavailable }, { 'Retry-After': '60' });
  }
}
