import { PartnerCard } from '@/components/partners/partner-card';
import { firm, partners } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { HomeSection } from './home-section';

export function AboutSection({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  return (
    <HomeSection
      id="a-propos"
      title={t('home.sections.about')}
      lead={t('home.about.lead', { barYear: firm.barAdmissionYear })}
    >
      <ul className="grid gap-8 lg:grid-cols-2">
        {partners.map((partner) => (
          <li key={partner.id} className="reveal">
            <PartnerCard partner={partner} locale={locale} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
