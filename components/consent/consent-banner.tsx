import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { ConsentBannerPanel } from './consent-banner-panel';
import type { ConsentBannerLabels } from './labels';

/**
 * The cookie banner of every page: its first view translated here, shown by the client leaf; the
 * 'Customise' view's texts come with their own code (customise-labels.ts).
 */
export function ConsentBanner({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  const labels: ConsentBannerLabels = {
    label: t('consent.banner.label'),
    title: t('consent.banner.title'),
    text: t('consent.banner.text'),
    policyLink: t('consent.banner.policyLink'),
    policyHref: localizedPath(locale, '/politique-cookies'),
    acceptAll: t('consent.banner.acceptAll'),
    refuseAll: t('consent.banner.refuseAll'),
    customise: t('consent.banner.customise'),
    close: t('consent.banner.close'),
    storageFailed: t('consent.banner.storageFailed'),
  };
  return <ConsentBannerPanel labels={labels} locale={locale} />;
}
