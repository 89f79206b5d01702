import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import type { EnginePage } from './engine';
import { inEveryEngine, returningVisitor, visit, waitFor } from './journey';

const axeSource = readFile(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

const pageKinds = [
  '/fr',
  '/en/julien-aubry',
  '/fr/actualites',
  '/en/blog?auteur=julien-aubry',
  '/en/blog/conges-payes-et-arret-maladie',
  '/fr/mentions-legales',
  '/en/politique-cookies',
  '/fr/page-inconnue',
];

/**
 * Reads the page down to its end, as a visitor would, so every block that fades in on scroll is
 * shown and settled before it is checked.
 */
async function readToTheEnd(page: EnginePage) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await waitFor(
    page,
    'every block to be shown',
    () =>
      document.querySelectorAll('.reveal:not(.is-visible)').length === 0 &&
      document.getAnimations().length === 0,
  );
}

inEveryEngine('accessibility (axe)', (page) => {
  for (const address of pageKinds)
    test(`${address} has no serious or critical axe finding`, async () => {
      await returningVisitor(page());
      await visit(page(), address);
      await readToTheEnd(page());
      // axe scrolls each element into view to sample what lies behind its text; under the site's
      // smooth scrolling it would sample mid-scroll, so the jumps are made instant for it.
      await page().evaluate(() => {
        document.documentElement.style.scrollBehavior = 'auto';
      });
      await page().run(await axeSource);
      // WCAG 2.5.3 "Label in Name" is switched on, as in tests/e2e/axe.ts.
      const { findings, passed } = await page().evaluate(async () => {
        const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
        const results = await axe.run(document, {
          runOnly: {
            type: 'tag',
            values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
          },
          rules: { 'label-content-name-mismatch': { enabled: true } },
        });
        return {
          findings: results.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          passed: results.passes.map((rule) => rule.id),
        };
      });
      expect(findings).toEqual([]);
      // axe really looked at the page. (Colour contrast is not required here: in Firefox axe
      // 4.13 cannot parse the oklab() colours Firefox computes for Tailwind's translucent colours
      // and leaves those checks "incomplete"; see docs/testing.md, "Chromium only".)
      expect(passed).toEqual(
        expect.arrayContaining(['document-title', 'html-has-lang', 'link-name', 'list']),
      );
    });
});
