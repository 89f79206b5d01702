import type { Locale } from '@/lib/i18n/locales';
import { acceptLanguageLocale } from './request-locale';

/**
 * A route's answers, from the one list of the methods it serves, to those it does not: 405,
 * `Allow` naming the served ones, never cached, and a readable message in the visitor's language
 * (JSON for the APIs a script calls, text for the link pages a mail client opens); and to
 * OPTIONS: 204 with the served methods and OPTIONS (Next's automatic answer would name every
 * exported handler, the 405 ones included).
 */
export function otherMethods(
  allow: string,
  message: (locale: Locale) => string,
  format: 'json' | 'text' = 'json',
) {
  const methods = [...allow.split(', '), 'OPTIONS'].sort().join(', ');
  return {
    refused: (request: Request): Response => {
      const text = message(acceptLanguageLocale(request.headers.get('accept-language')));
      const init = { status: 405, headers: { Allow: allow, 'Cache-Control': 'no-store' } };
      return format === 'json' ? Response.json({ message: text }, init) : new Response(text, init);
    },
    options: (): Response => new Response(null, { status: 204, headers: { Allow: methods } }),
  };
}
