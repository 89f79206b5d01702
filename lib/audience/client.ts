/**
 * The page's side of the audience measurement (docs/behaviour.md, Audience measurement): one
 * beacon when the page is shown, one with its loading times when it is first hidden. Nothing is
 * written in the browser (no cookie, no storage) and nothing identifies the visitor: a beacon
 * holds the page's path, the referring site's host (read from document.referrer, never its path
 * or query) and the loading times. Nothing is sent when the visitor objects (the objection
 * cookie, or Global Privacy Control). Beacons go to this site only; `web-vitals` is bundled with
 * the site's own scripts and loaded after the page's `load` event, so it never delays the first
 * paint.
 */
import type { Metric } from 'web-vitals';
import { objectsInCookies } from './objection';

export const BEACON_PATH = '/api/audience';

export interface ViewBeacon {
  type: 'view';
  path: string;
  referrer: string;
  notFound?: true;
}

export type VitalsBeacon = { type: 'vitals'; path: string } & Partial<
  Record<Metric['name'], number>
>;

function referrerHost(): string {
  try {
    return document.referrer ? new URL(document.referrer).hostname : '';
  } catch {
    return '';
  }
}

function send(beacon: ViewBeacon | VitalsBeacon): void {
  // A string body goes as text/plain: no preflight, and the receiver reads it as JSON.
  navigator.sendBeacon(BEACON_PATH, JSON.stringify(beacon));
}

/** Starts measuring this page view; returns what stops listening (React's effect clean-up). */
export function startAudienceMeasurement({ notFound }: { notFound: boolean }): () => void {
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;
  if (gpc === true || objectsInCookies(document.cookie)) return () => {};
  const path = location.pathname;
  const view = () =>
    send({ type: 'view', path, referrer: referrerHost(), ...(notFound ? { notFound } : {}) });
  // A page the browser prerendered is counted when the visitor actually opens it.
  const prerendering = (document as Document & { prerendering?: boolean }).prerendering === true;
  if (prerendering) document.addEventListener('prerenderingchange', view, { once: true });
  else view();
  if (notFound) return () => document.removeEventListener('prerenderingchange', view);

  const vitals: VitalsBeacon = { type: 'vitals', path };
  let sent = false;
  // On window, bubbling: after web-vitals' own listeners (window, capture phase) have reported
  // LCP, CLS and INP for this hiding, so the beacon holds the page's values as the visitor
  // leaves it. Only the first hiding is sent: a page view gives at most one value per metric.
  // Not on `pagehide`, which a browser fires before `visibilitychange` when a link is followed:
  // CLS and INP would be missing (web-vitals itself relies on `visibilitychange` alone).
  const flush = () => {
    if (sent || document.visibilityState !== 'hidden') return;
    const measured = Object.keys(vitals).length > 2;
    sent = true;
    if (measured) send(vitals);
  };
  const record = (metric: Metric) => {
    vitals[metric.name] = metric.value;
  };
  let cancelled = false;
  const load = () => {
    import('web-vitals').then(
      ({ onCLS, onINP, onLCP, onTTFB }) => {
        if (cancelled) return;
        for (const on of [onCLS, onLCP, onTTFB]) on(record);
        // Every change of INP, not only its report at hiding: web-vitals reads an interaction's
        // entries in an idle callback, and a page hidden before that callback (a visitor who
        // clicks and leaves, a busy phone) is reported without them, before they are read. They
        // are read in the same `visibilitychange`, before `flush`: `record` keeps the value.
        onINP(record, { reportAllChanges: true });
        addEventListener('visibilitychange', flush);
      },
      // Left before the library arrived (its request cut short), or not fetched: this page view
      // has its beacon and no loading times, and the console stays clean.
      () => {},
    );
  };
  if (document.readyState === 'complete') load();
  else addEventListener('load', load, { once: true });
  return () => {
    cancelled = true;
    document.removeEventListener('prerenderingchange', view);
    removeEventListener('load', load);
    removeEventListener('visibilitychange', flush);
  };
}
