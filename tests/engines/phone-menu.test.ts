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

const BURGER = 'button[aria-controls="mobile-menu"]';

// The menu is a modal <dialog>: shown means open and drawn.
const menuShown = () => {
  const menu = document.getElementById('mobile-menu');
  return menu instanceof HTMLDialogElement && menu.open && menu.getClientRects().length > 0;
};
const menuClosed = () => !(document.getElementById('mobile-menu') as HTMLDialogElement).open;

inEveryEngine('phone width (390 × 844)', (page) => {
  test('the burger opens the menu, a choice closes it and the page lands on the section', async () => {
    await page().setViewport(PHONE);
    await returningVisitor(page());
    await visit(page(), '/en');
    await page().click(BURGER);
    await waitFor(page(), 'the menu', menuShown);
    expect(
      await page().evaluate(
        (css: string) => document.querySelector(css)?.getAttribute('aria-expanded'),
        BURGER,
      ),
    ).toBe('true');
    // The menu covers the whole screen.
    expect(await page().box('#mobile-menu')).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await page().click(await byText(page(), '#mobile-menu nav a', 'Distinctions'));
    await waitFor(page(), 'the menu to close', menuClosed);
    await landsBelowHeader(page(), '#presse');
  });

  test('the open menu has the focus, the page behind is inert and still, Escape closes it', async () => {
    await page().setViewport(PHONE);
    await returningVisitor(page());
    await visit(page(), '/en');
    await page().click(BURGER);
    await waitFor(page(), 'the menu', menuShown);
    await waitFor(page(), 'the focus on the menu', () =>
      document.activeElement?.matches('#mobile-menu [data-testid="language-toggle"]'),
    );
    const behind = await page().evaluate(() => {
      const link = document.querySelector<HTMLElement>('#main a[href]');
      link?.focus();
      return {
        link: !!link,
        takesFocus: document.activeElement === link,
        // No wheel or swipe moves the page: the root does not scroll.
        overflow: getComputedStyle(document.documentElement).overflow,
      };
    });
    expect(behind).toEqual({ link: true, takesFocus: false, overflow: 'hidden' });

    await page().press('Escape');
    await waitFor(page(), 'the menu to close', menuClosed);
    await waitFor(
      page(),
      'the focus back on the burger',
      (css: string) => document.activeElement?.matches(css),
      BURGER,
    );
    expect(
      await page().evaluate(
        (css: string) => document.querySelector(css)?.getAttribute('aria-expanded'),
        BURGER,
      ),
    ).toBe('false');
    expect(await page().evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'visible',
    );
  });
});
