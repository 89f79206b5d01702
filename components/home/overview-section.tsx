import { expertiseOverview } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { ExpertiseIcon } from './expertise-icon';
import { HomeSection } from './home-section';
import { OverviewCard } from './overview-card';

export function OverviewSection({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  return (
    <HomeSection
      id="intro"
      title={t('home.sections.intro')}
      lead={t('home.overview.lead')}
      tone="stone"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {expertiseOverview.map((id) => (
          <li key={id} className="reveal">
            <OverviewCard
              title={t(`home.overview.items.${id}.title`)}
              description={t(`home.overview.items.${id}.description`)}
              action={t('home.overview.cardAction')}
              icon={<ExpertiseIcon id={id} />}
            />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
