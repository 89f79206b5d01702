import { headers } from 'next/headers';
import { objectsInCookies } from '@/lib/audience/objection';
import { OBJECTION_PATH } from '@/lib/audience/receiver';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';

/**
 * The cookie policy's control over the audience measurement: the visitor's state, read from
 * their own request (the objection cookie, Global Privacy Control), and a plain form that records
 * or withdraws the objection, with or without JavaScript. nginx keeps only the page of a visitor
 * who is counted, and passes the others to the instance (docs/page-cache.md, "What is kept"), so
 * the state shown is always the visitor's.
 */
export async function AudienceObjection({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  const request = await headers();
  const objected = objectsInCookies(request.get('cookie') ?? '');
  const gpc = request.get('sec-gpc')?.trim() === '1';
  const state = gpc ? 'gpc' : objected ? 'objected' : 'counted';
  return (
    <form
      method="post"
      action={OBJECTION_PATH}
      aria-label={t('legal.cookies.audience.label')}
      data-testid="audience-objection"
      data-state={state}
      className="border-line rounded-sm border bg-white p-6"
    >
      <p>{t(`legal.cookies.audience.${state}`)}</p>
      <input type="hidden" name="locale" value={locale} />
      {state === 'counted' || objected ? (
        <button
          type="submit"
          name="choice"
          value={objected ? 'withdraw' : 'object'}
          className="bg-ink hover:bg-accent-strong mt-4 min-h-12 rounded px-6 py-3 font-semibold text-white"
        >
          {t(objected ? 'legal.cookies.audience.withdraw' : 'legal.cookies.audience.object')}
        </button>
      ) : null}
    </form>
  );
}
