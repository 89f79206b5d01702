import { cookieTable } from '@/lib/content/cookies';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';

/** The cookies the site may set, from lib/content/cookies.ts. */
export function CookieTable({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  return (
    // Scrolls sideways on narrow screens: focusable and named so keyboards can scroll it too.
    <div
      className="border-line overflow-x-auto rounded-sm border bg-white"
      role="region"
      aria-label={t('legal.cookies.table.caption')}
      tabIndex={0}
    >
      <table className="w-full text-left text-base" data-testid="cookie-table">
        <caption className="sr-only">{t('legal.cookies.table.caption')}</caption>
        <thead className="bg-[#f1ede6]">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t('legal.cookies.table.name')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('legal.cookies.table.purpose')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('legal.cookies.table.duration')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('legal.cookies.table.category')}
            </th>
          </tr>
        </thead>
        <tbody>
          {cookieTable.map((cookie) => (
            <tr key={cookie.name} className="border-line border-t align-top">
              <th scope="row" className="px-4 py-3 font-mono text-sm font-normal">
                {cookie.name}
              </th>
              <td className="px-4 py-3">{cookie.purpose[locale]}</td>
              <td className="px-4 py-3">{cookie.duration[locale]}</td>
              <td className="px-4 py-3">{t(`legal.cookies.categoryNames.${cookie.category}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
