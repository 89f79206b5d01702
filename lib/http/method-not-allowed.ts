import type { Locale } from '@/lib/i18n/locales';
import { acceptLanguageLocale } from './request-locale';

/**
 * A route's answer to a method it does not serve: 405, `Allow` naming those it does, never
 * cached, and a readable message in the visitor's language (JSON for the APIs a script calls,
 * text for the link pages a mail client opens).
 */
export function methodNotAllowed(
  allow: string,
  message: (locale: Locale) => string,
  format: 'json' | 'text' = 'json',
) {
  return (request: Request): Response => {
    const text = message(acceptLanguageLocale(request.headers.get('accept-language')));
    const init = { status: 405, headers: { Allow: allow, 'Cache-Control': 'no-store' } };
    return format === 'json' ? Response.json({ message: text }, init) : new Response(text, init);
  };
}

/**
 * A route's answer to OPTIONS: the methods it serves and OPTIONS. Next's automatic answer would
 * name every exported handler, the 405 ones above included.
 */
export function optionsAnswer(allow: string) {
  const methods = [...allow.split(', '), 'OPTIONS'].sort().join(', ');
  return (): Response => new Response(null, { status: 204, headers: { Allow: methods } });
}
