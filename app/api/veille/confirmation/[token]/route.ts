import { config } from '@/lib/config';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { isSameSiteRequest } from '@/lib/http/origin';
import { acceptLanguageLocale } from '@/lib/http/request-locale';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { checkConfirmToken } from '@/lib/letters/links';
import { lettersPage, type LettersView } from '@/lib/letters/page';
import { getLettersStore } from '@/lib/letters/runtime';

type Context = RouteContext<'/api/veille/confirmation/[token]'>;

/**
 * The confirmation e-mail's link. GET: a page with one button (changes nothing: mail scanners
 * open links). POST, from that button only (same-site check): confirms the subscription.
 */
export async function GET(request: Request, { params }: Context) {
  return answer(request, (await params).token, 'show');
}

export async function POST(request: Request, { params }: Context) {
  if (!isSameSiteRequest(request.headers, config().SITE_URL))
    return lettersPage(
      { kind: 'forbidden' },
      acceptLanguageLocale(request.headers.get('accept-language')),
    );
  return answer(request, (await params).token, 'confirm');
}

async function answer(request: Request, token: string, action: 'show' | 'confirm') {
  let locale: Locale = acceptLanguageLocale(request.headers.get('accept-language'));
  const now = Date.now();
  const view = async (): Promise<LettersView> => {
    const checked = checkConfirmToken(token, config().REVALIDATE_SECRET, now);
    if (!checked.valid) {
      // An expired link is still the site's own: its page speaks the subscriber's language.
      if (checked.reason === 'expired') {
        const id = token.split('.')[0] ?? '';
        const known = await getLettersStore()
          .then((store) => store.find(id))
          .catch(() => null);
        if (known && isLocale(known.locale)) locale = known.locale;
      }
      return { kind: checked.reason };
    }
    try {
      const store = await getLettersStore();
      const subscriber = await store.find(checked.id);
      // Purged after 7 days unconfirmed: the link has expired.
      if (!subscriber) return { kind: 'expired' };
      if (isLocale(subscriber.locale)) locale = subscriber.locale;
      if (action === 'show')
        return subscriber.confirmedAt === null
          ? { kind: 'confirm', address: subscriber.address }
          : { kind: 'already-confirmed' };
      const outcome = await store.confirm(checked.id, now);
      if (outcome === 'confirmed') console.info(`[letters] subscriber ${checked.id} confirmed`);
      return { kind: outcome === 'unknown' ? 'expired' : outcome };
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
