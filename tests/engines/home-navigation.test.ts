import { expect, test } from 'vitest';
import type { EnginePage } from './engine';
import {
  byText,
  inEveryEngine,
  landsBelowHeader,
  returningVisitor,
  scrollSettled,
  visit,
  waitFor,
  waitForLocation,
} from './journey';

const headerNav = '[data-testid="site-header"] nav';

/** Scrolls the page to `top` at once, as a drag of the scrollbar would. */
async function scrollTo(page: EnginePage, top: number) {
  await page.evaluate((y: number) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  await scrollSettled(page);
}

/** The header link marked as the current section. */
const currentLink = (page: EnginePage) =>
  page.evaluate(
    (css: string) => document.querySelector(`${css} a[aria-current="location"]`)?.textContent,
    headerNav,
  );

/** Waits for the header to mark `label` current: it does so in a render after the scroll event. */
const becomesCurrent = (page: EnginePage, label: string) =>
  waitFor(
    page,
    `${label} to be current`,
    (css: string, text: string) =>
      document.querySelector(`${css} a[aria-current="location"]`)?.textContent === text,
    headerNav,
    label,
  );

inEveryEngine('home navigation', (page) => {
  test('each header link lands its section 80 px below the top and follows in the address', async () => {
    await returningVisitor(page());
    await visit(page(), '/fr');
    for (const [label, id] of [
      ['Contact', 'contact'],
      ['Équipe', 'a-propos'],
      ['Distinctions', 'presse'],
      ['Expertises', 'intro'],
    ] as const) {
      await page().click(await byText(page(), `${headerNav} a`, label));
      await landsBelowHeader(page(), `#${id}`);
      await waitForLocation(page(), `/fr#${id}`);
      await becomesCurrent(page(), label);
    }
    await page().click(await byText(page(), `${headerNav} a`, 'Accueil'));
    await waitFor(page(), 'the top of the page', () => window.scrollY === 0);
  });

  test('the active link follows the scroll, with a 100 px offset', async () => {
    await returningVisitor(page());
    await visit(page(), '/en');
    // The header marks its link in a render of its own after hydration: waited for, not read.
    await becomesCurrent(page(), 'Home');
    const top = (id: string) =>
      page().evaluate(
        (section: string) =>
          document.getElementById(section)!.getBoundingClientRect().top + window.scrollY,
        id,
      );
    await scrollTo(page(), (await top('presse')) - 90);
    await becomesCurrent(page(), 'Distinctions');
    await scrollTo(page(), (await top('contact')) - 110);
    // Read, not waited for: scrollTo held the position for 300 ms, many tasks after the scroll
    // event whose render would have marked Contact.
    expect(await currentLink(page())).not.toBe('Contact');
    await scrollTo(page(), (await top('contact')) - 60);
    await becomesCurrent(page(), 'Contact');
  });

  test('an address with a #hash scrolls there on load', async () => {
    await returningVisitor(page());
    await visit(page(), '/en#presse');
    await landsBelowHeader(page(), '#presse');
  });

  test('an overview card works by mouse, Enter and Space', async () => {
    await returningVisitor(page());
    await visit(page(), '/fr');
    const cards = '#intro [data-testid="overview-card"]';
    expect(
      await page().evaluate((css: string) => document.querySelectorAll(css).length, cards),
    ).toBe(6);
    for (const [index, key] of [
      [5, null],
      [0, 'Enter'],
      [3, 'Space'],
    ] as const) {
      await scrollTo(page(), 0);
      await page().evaluate(
        (css: string, n: number) =>
          document.querySelectorAll(css)[n]?.setAttribute('data-card', String(n)),
        cards,
        index,
      );
      const selector = `[data-card="${index}"]`;
      if (key) {
        // Focus the card as the keyboard does (Tab from the control before it), then press.
        await page().evaluate(
          (css: string) => document.querySelector<HTMLElement>(css)?.focus(),
          selector,
        );
        await page().press(key);
      } else {
        await page().click(selector);
      }
      await landsBelowHeader(page(), '#expertises');
    }
  });

  test('the scroll-to-top button appears past 500 px and brings the visitor back up', async () => {
    await returningVisitor(page());
    await visit(page(), '/en');
    const button = '[data-testid="scroll-top"]';
    const shown = () =>
      page().evaluate(
        (css: string) => !document.querySelector(css)!.hasAttribute('hidden'),
        button,
      );
    await scrollTo(page(), 480);
    expect(await shown()).toBe(false);
    await scrollTo(page(), 520);
    await waitFor(
      page(),
      'the scroll-to-top button',
      (css: string) => !document.querySelector(css)!.hasAttribute('hidden'),
      button,
    );
    await page().click(button);
    await waitFor(page(), 'the top of the page', () => window.scrollY === 0);
    await waitFor(
      page(),
      'the button to hide',
      (css: string) => document.querySelector(css)!.hasAttribute('hidden'),
      button,
    );
  });
});
