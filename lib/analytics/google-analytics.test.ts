import { afterEach, describe, expect, it } from 'vitest';
import { trackEvent } from './events';
import { disableAnalytics, enableAnalytics, type AnalyticsWindow } from './google-analytics';

function fakeDocument() {
  const appended: { async: boolean; src: string; dataset: Record<string, string> }[] = [];
  return {
    appended,
    createElement: () => ({ async: false, src: '', dataset: {} }),
    head: { appendChild: (node: never) => appended.push(node) },
  };
}

/** The data layer as plain arrays (gtag pushes Arguments objects). */
const calls = (win: AnalyticsWindow) =>
  (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('enableAnalytics', () => {
  it('defines gtag, defaults consent to denied, grants analytics, configures and loads gtag.js once', () => {
    const win: AnalyticsWindow = {};
    const doc = fakeDocument();
    enableAnalytics('G-TEST1234', win, doc);

    expect(typeof win.gtag).toBe('function');
    const entries = calls(win);
    expect(entries[0]).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      },
    ]);
    expect(entries[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(entries[2]?.[0]).toBe('js');
    expect(entries[3]).toEqual(['config', 'G-TEST1234', { send_page_view: true }]);
    expect(doc.appended).toHaveLength(1);
    expect(doc.appended[0]?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
    expect(doc.appended[0]?.async).toBe(true);

    enableAnalytics('G-TEST1234', win, doc);
    expect(doc.appended).toHaveLength(1);
  });

  it('a withdrawal removes gtag and sets the opt-out flag; a new consent restores them', () => {
    const win: AnalyticsWindow = {};
    const doc = fakeDocument();
    enableAnalytics('G-TEST1234', win, doc);
    disableAnalytics('G-TEST1234', win);
    expect(win.gtag).toBeUndefined();
    expect(win['ga-disable-G-TEST1234']).toBe(true);
    expect(calls(win).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);

    enableAnalytics('G-TEST1234', win, doc);
    expect(typeof win.gtag).toBe('function');
    expect(win['ga-disable-G-TEST1234']).toBe(false);
    expect(calls(win).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(doc.appended).toHaveLength(1);
  });

  it('trackEvent sends only while analytics is on', () => {
    const win: AnalyticsWindow = {};
    (globalThis as { window?: unknown }).window = win;
    expect(trackEvent('language_change', 'engagement', 'Switch to en')).toBe(false);
    expect(win.dataLayer).toBeUndefined();

    enableAnalytics('G-TEST1234', win, fakeDocument());
    expect(trackEvent('language_change', 'engagement', 'Switch to en')).toBe(true);
    expect(calls(win).at(-1)).toEqual([
      'event',
      'language_change',
      { event_category: 'engagement', event_label: 'Switch to en', transport_type: 'beacon' },
    ]);

    disableAnalytics('G-TEST1234', win);
    const before = calls(win).length;
    expect(trackEvent('contact_form_submission', 'engagement', 'Contact Form')).toBe(false);
    expect(calls(win)).toHaveLength(before);
  });
});
