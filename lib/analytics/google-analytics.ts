/**
 * Nothing before consent (CNIL): no script, no cookie, no request. Our nonce-trusted bundle adds
 * the script, which the CSP's 'strict-dynamic' allows.
 */
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

type Gtag = (...args: unknown[]) => void;

export type AnalyticsWindow = {
  dataLayer?: unknown[];
  gtag?: Gtag;
} & Record<`ga-disable-${string}`, boolean | undefined>;

interface AnalyticsDocument {
  createElement(tag: 'script'): { async: boolean; src: string; dataset: DOMStringMap };
  head: { appendChild(node: never): unknown };
}

/** The gtag function once installed, kept so a later consent in the same page restores it. */
const installed = new WeakMap<AnalyticsWindow, Gtag>();

function install(measurementId: string, win: AnalyticsWindow, doc: AnalyticsDocument): Gtag {
  const dataLayer = (win.dataLayer ??= []);
  const gtag: Gtag = function gtag() {
    // gtag.js reads Arguments objects from the data layer, not arrays.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  });
  gtag('consent', 'update', { analytics_storage: 'granted' });
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: true });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
  script.dataset.analytics = 'gtag';
  doc.head.appendChild(script as never);
  return gtag;
}

export function enableAnalytics(
  measurementId: string,
  win: AnalyticsWindow = window as unknown as AnalyticsWindow,
  doc: AnalyticsDocument = document as unknown as AnalyticsDocument,
): void {
  win[`ga-disable-${measurementId}`] = false;
  const existing = installed.get(win);
  if (existing) {
    existing('consent', 'update', { analytics_storage: 'granted' });
    win.gtag = existing;
    return;
  }
  const gtag = install(measurementId, win, doc);
  installed.set(win, gtag);
  win.gtag = gtag;
}

/** Stops analytics after a withdrawal: gtag.js stops sending and trackEvent finds no gtag. */
export function disableAnalytics(
  measurementId: string,
  win: AnalyticsWindow = window as unknown as AnalyticsWindow,
): void {
  const gtag = installed.get(win);
  if (!gtag) return;
  gtag('consent', 'update', { analytics_storage: 'denied' });
  win[`ga-disable-${measurementId}`] = true;
  delete win.gtag;
}
