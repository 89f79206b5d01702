import { consentCategories } from '@/lib/consent/model';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import en from '@/messages/en/consent.json';
import fr from '@/messages/fr/consent.json';
import type { BannerLabels } from './labels';

function labelsOf(locale: Locale, { banner, categories }: typeof fr): BannerLabels {
  return {
    main: {
      label: banner.label,
      title: banner.title,
      text: banner.text,
      policyLink: banner.policyLink,
      policyHref: localizedPath(locale, '/politique-cookies'),
      acceptAll: banner.acceptAll,
      refuseAll: banner.refuseAll,
      customise: banner.customise,
      close: banner.close,
      storageFailed: banner.storageFailed,
    },
    customise: {
      customiseTitle: banner.customiseTitle,
      customiseText: banner.customiseText,
      legend: banner.legend,
      alwaysOn: banner.alwaysOn,
      save: banner.save,
      cancel: banner.cancel,
      categories: consentCategories.map((category) => ({ category, ...categories[category] })),
    },
  };
}

/**
 * Fetched by the banner once it is due (use-consent-banner.ts), not carried in every page's
 * payload: the server renders no banner, and most page views never show it.
 */
export const bannerLabels: Record<Locale, BannerLabels> = {
  fr: labelsOf('fr', fr),
  en: labelsOf('en', en),
};
