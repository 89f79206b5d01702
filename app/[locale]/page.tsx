import type { Metadata } from 'next';
import Image from 'next/image';
import { AboutSection } from '@/components/home/about-section';
import { AreasSection } from '@/components/home/areas-section';
import { ContactSection } from '@/components/home/contact-section';
import { HeroSection } from '@/components/home/hero-section';
import { OverviewSection } from '@/components/home/overview-section';
import { PressSection } from '@/components/home/press-section';
import { PrintSummary } from '@/components/home/print-summary';
import { JsonLdScript } from '@/components/json-ld-script';
import { LanguageSwitchLink } from '@/components/language-switch-link';
import { SessionSplash } from '@/components/session-splash';
import { firm, heroImage, partners } from '@/lib/content/firm';
import { otherLocale } from '@/lib/i18n/locales';
import { localeParam } from '@/lib/i18n/params';
import { toggleHref } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { legalServiceJsonLd, personJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return pageMetadata({
    locale,
    path: '/',
    title: t('home.meta.title'),
    description: t('home.meta.description'),
    absoluteTitle: true,
  });
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return (
    <>
      {/* The first screen comes first in the document: a phone paints the hero as soon as its bytes
          arrive, before the splash (opened after hydration) and the structured data. */}
      <HeroSection locale={locale} />
      <AboutSection locale={locale} />
      <OverviewSection locale={locale} />
      <AreasSection locale={locale} />
      <PressSection locale={locale} />
      <ContactSection locale={locale} />
      <PrintSummary locale={locale} />
      <JsonLdScript
        data={[
          legalServiceJsonLd(locale),
          ...partners.map((partner) => personJsonLd(partner, locale)),
        ]}
      />
      <SessionSplash label={t('common.splash.label')} enterLabel={t('common.splash.enter')}>
        <Image
          src="/images/logo.svg"
          alt={firm.name}
          width={220}
          height={48}
          unoptimized
          loading="eager"
          className="h-12 w-auto"
        />
        {/* Kept small (and after the hero in the page) so it never becomes the LCP. */}
        <Image
          src={heroImage.src}
          alt={t('common.splash.photoAlt')}
          width={120}
          height={160}
          sizes="120px"
          className="img-tone-light h-40 w-30 rounded-sm object-cover"
        />
        <p className="font-serif text-3xl text-balance">{firm.tagline[locale]}</p>
        <p className="text-muted max-w-xl text-lg">{firm.description[locale]}</p>
        <LanguageSwitchLink
          target={otherLocale(locale)}
          href={toggleHref(`/${locale}`)}
          lang={otherLocale(locale)}
          hrefLang={otherLocale(locale)}
          className="border-ink inline-block min-h-11 rounded border px-5 py-2.5 tracking-wide"
        >
          <span className={locale === 'fr' ? 'font-bold' : 'text-muted'}>FR</span> /{' '}
          <span className={locale === 'en' ? 'font-bold' : 'text-muted'}>EN</span>
          <span className="sr-only"> — {t('common.language.other')}</span>
        </LanguageSwitchLink>
      </SessionSplash>
    </>
  );
}
