/**
 * The banner's texts in the page's language, given by the server component to the client panel;
 * the 'Customise' view's are fetched when it opens (./customise-labels.ts).
 */
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
