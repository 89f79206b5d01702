import { printOnly } from '@/components/print-only';
import { firm, formatAddress, partners } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';

/**
 * What the home page prints (public/print.css): the firm in a few lines, its address, its e-mail
 * and each partner's direct line; not on screen (components/print-only.ts).
 */
export function PrintSummary({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  return (
    <section style={printOnly} data-print="summary" aria-label={t('common.print.summary')}>
      <p>
        <strong>{firm.name}</strong>
      </p>
      <p>{firm.description[locale]}</p>
      <p>{formatAddress(locale)}</p>
      <p>{`${firm.phone} · ${firm.email}`}</p>
      <ul>
        {partners.map((partner) => (
          <li key={partner.id}>
            {`${partner.name}, ${partner.role[locale]} · ${t('common.print.directLine')} ${partner.phone} · ${partner.email}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
