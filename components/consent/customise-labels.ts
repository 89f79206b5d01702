import { consentCategories, type ConsentCategory } from '@/lib/consent/model';
import type { Locale } from '@/lib/i18n/locales';
import en from '@/messages/en/consent.json';
import fr from '@/messages/fr/consent.json';

/** The banner's 'Customise' view texts. */
export interface CustomiseLabels {
  customiseTitle: string;
  customiseText: string;
  legend: string;
  alwaysOn: string;
  save: string;
  cancel: string;
  categories: { category: ConsentCategory; name: string; purpose: string }[];
}

function labelsOf(messages: typeof fr): CustomiseLabels {
  const { banner, categories } = messages;
  return {
    customiseTitle: banner.customiseTitle,
    customiseText: banner.customiseText,
    legend: banner.legend,
    alwaysOn: banner.alwaysOn,
    save: banner.save,
    cancel: banner.cancel,
    categories: consentCategories.map((category) => ({ category, ...categories[category] })),
  };
}

/**
 * Fetched by the banner once it shows (consent-banner-panel.tsx), not carried in every page's
 * payload: most page views never show the banner, and those that do seldom open this view.
 */
export const customiseLabels: Record<Locale, CustomiseLabels> = {
  fr: labelsOf(fr),
  en: labelsOf(en),
};
