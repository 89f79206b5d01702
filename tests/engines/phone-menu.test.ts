import { expect, test } from 'vitest';
import {
  byText,
  inEveryEngine,
  landsBelowHeader,
  PHONE,
  returningVisitor,
  visit,
  waitFor,
} from './journey';

inEveryEngine('phone width (390 × 844)', (page) => {
  test('the burger opens the menu, a choice closes it and the page lands on the section', async () => {
    await page().setViewport(PHONE);
    await returningVisitor(page());
    await visit(page(), '/en');
    const burger = 'button[aria-controls="mobile-menu"]';
    await page().click(burger);
    await waitFor(page(), 'the menu', () => !document.getElementById('mobile-menu')?.hidden);
    expect(
      await page().evaluate(
        (css: string) => document.querySelector(css)?.getAttribute('aria-expanded'),
        burger,
      ),
    ).toBe('true');
    // The menu covers the whole screen.
    expect(await page().box('#mobile-menu')).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await page().click(await byText(page(), '#mobile-menu nav a', 'Distinctions'));
    await waitFor(
      page(),
      'the menu to close',
      () => document.getElementById('mobile-menu')?.hidden,
    );
    await landsBelowHeader(page(), '#presse');
  });
});
