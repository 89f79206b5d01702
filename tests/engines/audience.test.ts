import { expect, inject, test } from 'vitest';
import {
  firstInteractionTimed,
  loadingTimesLibraryFetched,
  todaysFigures,
  waitForFigures,
} from '../support/audience';
import type { EngineName } from './engine';
import { byText, inEveryEngine, returningVisitor, visit, waitFor } from './journey';
import { ERRORS_KEY } from './visitor-proxy';

/**
 * The audience measurement in each engine, counted as a visitor's browser (the other journeys
 * carry the tools' token and are not): a visit that refuses cookies is counted, nothing is
 * stored, nothing goes elsewhere, objecting stops counting, Global Privacy Control does too,
 * and the loading times the `web-vitals` library supports in the engine arrive. Without
 * JavaScript: tests/e2e/audience.spec.ts (no engine here can turn scripts off).
 */

/** What the `web-vitals` library reports in each engine (its README's support table). */
const supported: Record<EngineName, string[]> = {
  chromium: ['LCP', 'INP', 'CLS', 'TTFB'],
  firefox: ['LCP', 'INP', 'TTFB'],
  webkit: ['LCP', 'INP', 'TTFB'],
};
/** The performance entries the library reads for each metric: no entries, no metric. */
const entriesOf: Record<string, string> = {
  LCP: 'largest-contentful-paint',
  INP: 'event',
  CLS: 'layout-shift',
  TTFB: 'navigation',
};

inEveryEngine(
  'audience measurement',
  (page, engine) => {
    const database = () => inject('engineSite').databaseUrl;
    const figure = (figures: Map<string, number>, key: string) => figures.get(key) ?? 0;
    const state = () =>
      waitFor(
        page(),
        'the audience control',
        () =>
          document.querySelector<HTMLElement>('[data-testid="audience-objection"]')?.dataset.state,
      );

    test('a visit that refuses cookies is counted; nothing is stored and nothing goes elsewhere', async () => {
      const path = '/fr/mentions-legales';
      const before = await todaysFigures(database());
      await visit(page(), path);
      await waitFor(
        page(),
        'the cookie banner',
        () => !!document.querySelector('[data-testid="consent-banner"]'),
      );
      await page().click(
        await byText(page(), '[data-testid="consent-banner"] button', 'Tout refuser'),
      );
      // A direct visit: a page view, and an entry.
      await waitForFigures(database(), {
        [`view ${path} `]: figure(before, `view ${path} `) + 1,
        [`entry ${path} `]: figure(before, `entry ${path} `) + 1,
      });
      expect((await page().cookies()).map((cookie) => cookie.name).sort()).toEqual([
        'cookieConsent',
        'cookieConsentCategories',
      ]);
      expect(
        await page().evaluate((recorder: string) => {
          const session = Object.keys(sessionStorage).filter((key) => key !== recorder);
          return { local: localStorage.length, session: session.length };
        }, ERRORS_KEY),
      ).toEqual({ local: 0, session: 0 });
      // Every resource, the beacon included, came from this site.
      const origins = await page().evaluate(() => [
        ...new Set(
          performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin),
        ),
      ]);
      expect(origins).toEqual([await page().evaluate(() => location.origin)]);
    });

    test('objecting on the cookie policy stops counting, until the objection is withdrawn', async () => {
      const path = '/fr/helene-sorel';
      await returningVisitor(page());
      const before = await todaysFigures(database());
      await visit(page(), '/fr/politique-cookies');
      expect(await state()).toBe('counted');
      await page().click(
        await byText(
          page(),
          '[data-testid="audience-objection"] button',
          'Je m’oppose à la mesure d’audience',
        ),
      );
      await waitFor(
        page(),
        'the objection',
        () =>
          !!document.querySelector('[data-testid="audience-objection"][data-state="objected"]') &&
          !!document.documentElement.dataset.hydrated,
      );
      expect((await page().cookies()).find((c) => c.name === 'sa-audience')?.value).toBe(
        'objection',
      );
      await visit(page(), path);

      await visit(page(), '/fr/politique-cookies');
      await page().click(
        await byText(page(), '[data-testid="audience-objection"] button', 'Retirer mon opposition'),
      );
      await waitFor(
        page(),
        'the withdrawal',
        () =>
          !!document.querySelector('[data-testid="audience-objection"][data-state="counted"]') &&
          !!document.documentElement.dataset.hydrated,
      );
      await visit(page(), path);
      // Of the two views, only the one after the withdrawal.
      const after = await waitForFigures(database(), {
        [`view ${path} `]: figure(before, `view ${path} `) + 1,
      });
      expect(figure(after, `view ${path} `)).toBe(figure(before, `view ${path} `) + 1);
    });

    test('Global Privacy Control counts as an objection, and the cookie policy says so', async () => {
      const path = '/en/actualites';
      await returningVisitor(page());
      const before = await todaysFigures(database());
      page().sendHeaders({ 'Sec-GPC': '1' });
      await visit(page(), '/en/politique-cookies');
      expect(await state()).toBe('gpc');
      await visit(page(), path);
      page().sendHeaders({});
      await visit(page(), path);
      const after = await waitForFigures(database(), {
        'view /en/blog ': figure(before, 'view /en/blog ') + 1,
      });
      expect(figure(after, 'view /en/blog ')).toBe(figure(before, 'view /en/blog ') + 1);
    });

    test('the loading times this engine supports arrive when the page is left', async () => {
      await returningVisitor(page());
      const before = await todaysFigures(database());
      await visit(page(), '/en');
      await waitFor(page(), 'the loading-times library', loadingTimesLibraryFetched);
      // An interaction, for INP: the footer's cookie settings open the banner.
      await page().click(await byText(page(), 'footer button', 'Cookie settings'));
      await waitFor(
        page(),
        'the banner',
        () => !!document.querySelector('[data-testid="consent-banner"]'),
      );
      const types = await page().evaluate(() => PerformanceObserver.supportedEntryTypes);
      const expected = supported[engine].filter((metric) => types.includes(entriesOf[metric]!));
      // Debian's WebKitGTK 2.50 exposes neither LCP nor Event Timing entries (Safari 26 has
      // both), so there the library reports TTFB alone; the other engines support their row.
      if (engine !== 'webkit') expect(expected).toEqual(supported[engine]);
      expect(expected).toContain('TTFB');
      if (expected.includes('INP'))
        await waitFor(page(), 'the interaction timed', firstInteractionTimed);
      await visit(page(), '/en/mentions-legales');
      await waitForFigures(
        database(),
        Object.fromEntries(
          expected.map((metric) => [
            `vital home ${metric}`,
            figure(before, `vital home ${metric}`) + 1,
          ]),
        ),
      );
    });
  },
  { countedAsVisitor: true },
);
