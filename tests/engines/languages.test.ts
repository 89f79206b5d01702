import { expect, test } from 'vitest';
import { inEveryEngine, returningVisitor, visit, waitFor, waitForLocation } from './journey';

/** The header's FR/EN toggle (the menu holds a second one, hidden on a desktop). */
const toggle = '[data-testid="site-header"] > div [data-testid="language-toggle"]';

inEveryEngine('languages', (page) => {
  for (const [kind, from, to, lang] of [
    ['a home page', '/fr', '/en', 'en'],
    ['a profile, with its #anchor', '/helene-sorel#contact', '/en/helene-sorel#contact', 'en'],
    [
      'an article',
      '/en/blog/conges-payes-et-arret-maladie',
      '/fr/blog/conges-payes-et-arret-maladie',
      'fr',
    ],
    [
      'a legal page, with its #anchor',
      '/fr/politique-confidentialite#droits',
      '/en/politique-confidentialite#droits',
      'en',
    ],
  ] as const) {
    test(`the toggle on ${kind} keeps the page: ${from} → ${to}, <html lang="${lang}">`, async () => {
      await returningVisitor(page());
      await visit(page(), from);
      await page().click(toggle);
      await waitForLocation(page(), to);
      await waitFor(
        page(),
        `<html lang="${lang}">`,
        (wanted: string) =>
          document.documentElement.lang === wanted && document.documentElement.dataset.hydrated,
        lang,
      );
      expect(await page().evaluate(() => document.documentElement.lang)).toBe(lang);
    });
  }
});
