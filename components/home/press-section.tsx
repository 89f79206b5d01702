import Image from 'next/image';
import { award, firm, partners, testimonials } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { HomeSection } from './home-section';

/** Testimonials from the legal rankings, the recognition line and the award badge. */
export function PressSection({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  const recognised = partners.find((partner) => partner.recognition?.length) ?? { name: firm.name };
  return (
    <HomeSection
      id="presse"
      title={t('home.sections.press')}
      lead={t('home.press.lead')}
      tone="stone"
    >
      <div className="grid items-start gap-10 lg:grid-cols-[1fr_1fr_auto]">
        {testimonials.map((testimonial) => (
          <figure
            key={testimonial.id}
            className="reveal border-line rounded-sm border bg-white p-8"
            data-testid="testimonial"
          >
            <blockquote className="font-serif text-xl leading-relaxed">
              <p>{t(`home.press.testimonials.${testimonial.id}.quote`)}</p>
            </blockquote>
            <figcaption className="text-accent-strong mt-6 text-sm font-semibold">
              {t(`home.press.testimonials.${testimonial.id}.source`, {
                ranking: testimonial.ranking,
                year: testimonial.year,
              })}
            </figcaption>
          </figure>
        ))}
        <div className="reveal flex flex-col items-center gap-4 text-center lg:w-56">
          <Image
            src={award.image.src}
            alt={t('home.press.badgeAlt', { award: award.label })}
            width={award.image.width}
            height={award.image.height}
            sizes="10rem"
            className="img-tone-strong h-40 w-40"
          />
          <p className="font-semibold" data-testid="recognition">
            {t('home.press.recognition', { name: recognised.name, award: award.label })}
          </p>
        </div>
      </div>
    </HomeSection>
  );
}
