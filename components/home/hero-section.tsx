import Image from 'next/image';
import { firm, heroImage } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { heroImageSizes } from './hero-image';

/** The first screen: tagline, description, two calls to action and the 3:4 hero image (the LCP). */
export function HeroSection({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  return (
    <section id="accueil" aria-labelledby="accueil-title">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-20 sm:px-6 md:grid-cols-[1fr_minmax(0,26rem)] lg:gap-16 lg:pt-16">
        <div>
          <p className="text-accent-strong text-sm font-semibold tracking-widest uppercase">
            {t('home.hero.eyebrow')}
          </p>
          <h1
            id="accueil-title"
            className="mt-4 text-4xl leading-tight sm:text-5xl lg:text-[3.5rem]"
          >
            {firm.tagline[locale]}
          </h1>
          <p className="mt-6 max-w-2xl text-xl leading-relaxed">{firm.description[locale]}</p>
          <p className="text-muted mt-4 max-w-2xl text-lg leading-relaxed">{t('home.hero.lead')}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <a
              href="#intro"
              className="bg-ink hover:bg-accent-strong inline-flex min-h-12 items-center rounded px-6 py-3 font-semibold text-white transition-colors"
            >
              {t('home.hero.ctaExpertise')}
            </a>
            <a
              href="#contact"
              className="border-ink text-ink hover:bg-ink inline-flex min-h-12 items-center rounded border px-6 py-3 font-semibold transition-colors hover:text-white"
            >
              {t('home.hero.ctaContact')}
            </a>
          </div>
        </div>
        <div className="mx-auto w-full max-w-sm md:max-w-none">
          <Image
            src={heroImage.src}
            alt={t('home.hero.imageAlt')}
            width={heroImage.width}
            height={heroImage.height}
            preload
            fetchPriority="high"
            sizes={heroImageSizes}
            className="img-tone-light aspect-[3/4] h-auto w-full rounded-sm object-cover shadow-sm"
          />
        </div>
      </div>
    </section>
  );
}
