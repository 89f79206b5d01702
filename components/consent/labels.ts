import type { ConsentCategory } from '@/lib/consent/model';

/** The banner's texts in the page's language, given by the server component to the client panel. */
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
  customiseTitle: string;
  customiseText: string;
  legend: string;
  alwaysOn: string;
  save: string;
  cancel: string;
  storageFailed: string;
  categories: { category: ConsentCategory; name: string; purpose: string }[];
}
