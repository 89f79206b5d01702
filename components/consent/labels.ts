import type { ConsentCategory } from '@/lib/consent/model';

/** The banner's first view. */
export interface ConsentBannerLabels {
  label: string;
  title: string;
  text: string;
  policyLink: string;
  policyHref: string;
  acceptAll: string;
  refuseAll: string;
  customise: string;
  close: string;
  storageFailed: string;
}

/** The banner's 'Customise' view. */
export interface CustomiseLabels {
  customiseTitle: string;
  customiseText: string;
  legend: string;
  alwaysOn: string;
  save: string;
  cancel: string;
  categories: { category: ConsentCategory; name: string; purpose: string }[];
}

/** Every text of the banner in one language (./banner-labels.ts holds them). */
export interface BannerLabels {
  main: ConsentBannerLabels;
  customise: CustomiseLabels;
}
