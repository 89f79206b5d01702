import { expertiseAreas } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { HomeSection } from './home-section';

/** The eight practice areas: information, not controls (they link nowhere). */
export function AreasSection({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  return (
    <HomeSection id="expertises" title={t('home.sections.expertises')} lead={t('home.areas.lead')}>
      <ul className="grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
        {expertiseAreas.map((id, index) => (
          <li
            key={id}
            className="reveal border-accent border-t-2 pt-5"
            data-testid="expertise-area"
          >
            <p className="text-muted font-serif text-sm" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </p>
            <h3 className="mt-2 text-xl">{t(`home.areas.items.${id}.title`)}</h3>
            <p className="text-muted mt-3 leading-relaxed">
              {t(`home.areas.items.${id}.description`)}
            </p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
