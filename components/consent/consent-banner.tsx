import { consentCategories } from '@/lib/consent/model';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { ConsentBannerPanel } from './consent-banner-panel';
import type { ConsentBannerLabels } from './labels';

/** The cookie banner of every page (issue 6): translated here, shown by the client leaf. */
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
    customiseTitle: t('consent.banner.customiseTitle'),
    customiseText: t('consent.banner.customiseText'),
    legend: t('consent.banner.legend'),
    alwaysOn: t('consent.banner.alwaysOn'),
    save: t('consent.banner.save'),
    cancel: t('consent.banner.cancel'),
    storageFailed: t('consent.banner.storageFailed'),
    categories: consentCategories.map((category) => ({
      category,
      name: t(`consent.categories.${category}.name`),
      purpose: t(`consent.categories.${category}.purpose`),
    })),
  };
  return <ConsentBannerPanel labels={labels} />;
}
