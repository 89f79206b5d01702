import { config } from '@/lib/config';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { isSameSiteRequest } from '@/lib/http/origin';
import { acceptLanguageLocale } from '@/lib/http/request-locale';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { checkUnsubscribeToken } from '@/lib/letters/links';
import { lettersPage, type LettersView } from '@/lib/letters/page';
import { getLettersStore } from '@/lib/letters/runtime';

type Context = RouteContext<'/api/veille/desinscription/[token]'>;

/**
 * A letter's unsubscribe link. GET: a page with one button, which unsubscribes no one (mail
 * scanners open links). POST: unsubscribes at once and deletes the address, from that button or
 * as RFC 8058's one-click POST (`List-Unsubscribe=One-Click`), which a mail provider's server
 * sends without an Origin: accepted without one here, and refused only from another site's page.
 */
export async function GET(request: Request, { params }: Context) {
  return answer(request, (await params).token, 'show');
}

export async function POST(request: Request, { params }: Context) {
  const fromAnotherSite =
    request.headers.get('origin') !== null &&
    !isSameSiteRequest(request.headers, config().SITE_URL);
  if (fromAnotherSite)
    return lettersPage(
      { kind: 'forbidden' },
      acceptLanguageLocale(request.headers.get('accept-language')),
    );
  return answer(request, (await params).token, 'unsubscribe');
}

async function answer(request: Request, token: string, action: 'show' | 'unsubscribe') {
  let locale: Locale = acceptLanguageLocale(request.headers.get('accept-language'));
  const view = async (): Promise<LettersView> => {
    const checked = checkUnsubscribeToken(token, config().REVALIDATE_SECRET);
    if (!checked.valid) return { kind: checked.reason };
    try {
      const store = await getLettersStore();
      const subscriber = await store.find(checked.id);
      if (!subscriber) return { kind: 'already-unsubscribed' };
      if (isLocale(subscriber.locale)) locale = subscriber.locale;
      if (action === 'show') return { kind: 'unsubscribe', address: subscriber.address };
      if (!(await store.unsubscribe(checked.id))) return { kind: 'already-unsubscribed' };
      console.info(`[letters] subscriber ${checked.id} unsubscribed and deleted`);
      return { kind: 'unsubscribed' };
    } catch {
      return { kind: 'unavailable' };
    }
  };
  const shown = await view();
  return lettersPage(shown, locale);
}

const other = otherMethods('GET, HEAD, POST', () => 'Method Not Allowed: GET or POST.', 'text');

export const PUT = other.refused;
export const PATCH = other.refused;
export const DELETE = other.refused;
export const OPTIONS = other.options;
