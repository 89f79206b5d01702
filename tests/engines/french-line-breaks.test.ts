import { expect, test } from 'vitest';
import type { Viewport } from './engine';
import { inEveryEngine, returningVisitor, visit } from './journey';
import { frenchPages, punctuationCutFromItsWord } from '../support/line-breaks';

/**
 * The French line-break check of tests/e2e/french-line-breaks.spec.ts in WebKit and Firefox, at
 * a phone width and a desktop width: each engine breaks lines its own way.
 */
const widths: Viewport[] = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

inEveryEngine('French line breaks', (page) => {
  for (const viewport of widths)
    test(`at ${viewport.width} px no : ; ? ! » begins a line and no « ends one`, async () => {
      await page().setViewport(viewport);
      await returningVisitor(page());
      const cut: Record<string, string[]> = {};
      for (const address of frenchPages) {
        await visit(page(), address);
        await page().evaluate(() => document.fonts.ready.then(() => true));
        const found = await page().evaluate(punctuationCutFromItsWord);
        if (found.length > 0) cut[address] = found.map((place) => place.text);
      }
      expect(cut).toEqual({});
    });
});
