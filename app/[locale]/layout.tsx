import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { AudienceMeasurement } from '@/components/audience/audience-measurement';
import { AnalyticsGate } from '@/components/consent/analytics-gate';
import { ConsentBanner } from '@/components/consent/consent-banner';
import { printOnly } from '@/components/print-only';
import { ScrollEffects } from '@/components/scroll-effects';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { AUDIENCE_PAGE_HEADER } from '@/lib/audience/pages';
import { config } from '@/lib/config';
import { firm, formatAddress } from '@/lib/content/firm';
import { isLocale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { REQUESTED_PATH_HEADER } from '@/lib/routing/route-table';
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
  const { GA_MEASUREMENT_ID: analyticsId, SITE_URL: siteUrl } = config();
  const requestHeaders = await headers();
  const nonce = requestHeaders.get('x-nonce') ?? undefined;
  // Counted: a page shown or not found, never an error page nor a preview (proxy.ts decides).
  const audience = requestHeaders.get(AUDIENCE_PAGE_HEADER);

  return (
    <html lang={locale} className={`${inter.variable} ${sourceSerif.variable}`}>
      <head>
        {/* Paper only (public/print.css): a print stylesheet is not waited for before a paint. */}
        {/* eslint-disable-next-line @next/next/no-css-tags -- a static print-only file, kept out of the inlined CSS on purpose */}
        <link rel="stylesheet" href="/print.css" media="print" />
      </head>
      <body>
        <a
          href="#main"
          className="text-ink sr-only z-[100] rounded bg-white px-4 py-2 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('common.skipLink')}
        </a>
        {/* Lines only on paper (components/print-only.ts). */}
        <p style={printOnly} data-print="firm">
          {`${firm.name} · ${formatAddress(locale)} · ${firm.phone} · ${firm.email}`}
        </p>
        <SiteHeader locale={locale} />
        <main
          id="main"
          tabIndex={-1}
          className="pt-20 outline-none"
          // On paper a link to this site shows its full address (public/print.css).
          style={{ ['--site-url' as string]: JSON.stringify(siteUrl) }}
        >
          {children}
        </main>
        <SiteFooter locale={locale} />
        {/* The banner comes first after the footer in the keyboard order, before back-to-top. */}
        <ConsentBanner locale={locale} />
        <ScrollEffects scrollTopLabel={t('common.scrollTop')} />
        {analyticsId ? <AnalyticsGate measurementId={analyticsId} /> : null}
        {audience ? (
          <AudienceMeasurement
            path={requestHeaders.get(REQUESTED_PATH_HEADER) ?? '/'}
            notFound={audience === 'not-found'}
          />
        ) : null}
        <p
          style={printOnly}
          data-print="source"
          id="print-source"
          data-site={siteUrl}
          data-label={t('common.print.source')}
        />
        {/* The address and the date the page is printed: only the browser knows them then. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: printSourceScript }} />
      </body>
    </html>
  );
}

/**
 * Writes "printed from {url} on {date}" into #print-source's data-printed attribute (shown by
 * public/print.css) just before printing, and once after the page has loaded for a print that
 * announces none. Never while the page is parsed: the first date format of a page loads the
 * browser's calendar data (about 70 ms on the bench's slowed CPU, docs/measuring.md), which held
 * the first paint.
 * An attribute, not text, so that hydration finds the server's markup unchanged.
 */
const printSourceScript = `(function(){function s(){var e=document.getElementById('print-source');if(e)e.dataset.printed=e.dataset.label.replace('{url}',e.dataset.site+location.pathname).replace('{date}',new Date().toLocaleDateString(document.documentElement.lang,{day:'numeric',month:'long',year:'numeric'}))}addEventListener('beforeprint',s);addEventListener('load',function(){setTimeout(s)})})()`;
