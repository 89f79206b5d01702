import { acceptLanguageLocale } from '@/lib/http/request-locale';
import { getMessages } from '@/lib/i18n/translator';

/**
 * Any /api address no route claims: a JSON 404 with a readable message in the caller's language,
 * like every other API error, instead of an HTML page meant for people.
 */
function notFound(request: Request) {
  const locale = acceptLanguageLocale(request.headers.get('accept-language'));
  return Response.json(
    { message: getMessages(locale).common.api.notFound },
    { status: 404, headers: { 'Cache-Control': 'no-store' } },
  );
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
