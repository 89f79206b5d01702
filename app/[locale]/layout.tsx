import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { AnalyticsGate } from '@/components/consent/analytics-gate';
import { ConsentBanner } from '@/components/consent/consent-banner';
import { ScrollEffects } from '@/components/scroll-effects';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { config } from '@/lib/config';
import { isLocale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { inter, sourceSerif } from '../fonts';
import '../globals.css';

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = getTranslator(locale);
  return {
    metadataBase: new URL(config().SITE_URL),
    title: { default: t('common.meta.homeTitle'), template: `%s — ${t('common.meta.siteName')}` },
    description: t('common.meta.homeDescription'),
    applicationName: t('common.meta.siteName'),
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  themeColor: '#faf8f5',
  width: 'device-width',
  initialScale: 1,
};

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  const t = getTranslator(locale);
  const analyticsId = config().GA_MEASUREMENT_ID;

  return (
    <html lang={locale} className={`${inter.variable} ${sourceSerif.variable}`}>
      <body>
        <a
          href="#main"
          className="text-ink sr-only z-[100] rounded bg-white px-4 py-2 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('common.skipLink')}
        </a>
        <SiteHeader locale={locale} />
        <main id="main" tabIndex={-1} className="pt-20 outline-none">
          {children}
        </main>
        <SiteFooter locale={locale} />
        {/* The banner comes first after the footer in the keyboard order, before back-to-top. */}
        <ConsentBanner locale={locale} />
        <ScrollEffects scrollTopLabel={t('common.scrollTop')} />
        {analyticsId ? <AnalyticsGate measurementId={analyticsId} /> : null}
      </body>
    </html>
  );
}
