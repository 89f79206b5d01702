import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject } from 'vitest';
import { selectedEngines, type EngineName, type EnginePage, type Viewport } from './engine';
import { openEngine } from './open';

/**
 * Runs the journeys `body` declares in every selected engine: one browser session per engine and
 * test file, a new visitor (no cookies, no storage) before each test, and after each test no
 * console error, uncaught exception or CSP violation may have been seen.
 */
export function inEveryEngine(
  title: string,
  body: (page: () => EnginePage, engine: EngineName) => void,
  { countedAsVisitor = false }: { countedAsVisitor?: boolean } = {},
): void {
  describe.each(selectedEngines())(`%s: ${title}`, (engine) => {
    let current: EnginePage | undefined;
    const page = () => {
      if (!current) throw new Error(`${engine} did not start`);
      return current;
    };
    beforeAll(async () => {
      current = await openEngine(engine, { ...inject('engineSite'), countedAsVisitor });
    });
    afterAll(async () => {
      await current?.close();
    });
    beforeEach(async () => {
      await page().reset();
      await page().setViewport(DESKTOP);
    });
    afterEach(async () => {
      expect(await page().errors(), 'console errors and uncaught exceptions').toEqual([]);
    });
    body(page, engine);
  });
}

export const DESKTOP: Viewport = { width: 1440, height: 900 };
export const PHONE: Viewport = { width: 390, height: 844 };

/** How long a journey waits for what the visitor expects to see: generous, for loaded CI machines. */
export const WAIT_MS = 20_000;

/** Polls `fn` in the page until it returns a truthy value, and returns it. */
export async function waitFor<A extends unknown[], R>(
  page: EnginePage,
  what: string,
  fn: (...args: A) => R | Promise<R>,
  ...args: A
): Promise<R> {
  const deadline = Date.now() + WAIT_MS;
  let last: R | string | undefined;
  while (Date.now() < deadline) {
    // While a navigation is under way a script can fail to run: try again.
    const value = await page.evaluate(fn, ...args).catch((error: Error) => {
      last = error.message;
      return undefined;
    });
    if (value) return value;
    last = value ?? last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${page.engine}: timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

/** Loads a page and waits until React has hydrated it: the visitor can act on it. */
export async function visit(page: EnginePage, path: string): Promise<void> {
  await page.goto(path);
  await waitFor(page, `${path} to hydrate`, () => document.documentElement.dataset.hydrated);
}

/**
 * A visitor who has already entered the site in this browser session (no welcome screen) and
 * closed the cookie banner (stored "dismissed" for a day), as in tests/e2e/fixtures.ts.
 */
export async function returningVisitor(page: EnginePage): Promise<void> {
  await page.setCookie({ name: 'sa-session', value: 'splash-seen' });
  await page.setCookie({
    name: 'cookieConsent',
    value: 'dismissed',
    expires: Math.floor(Date.now() / 1000) + 86_400,
  });
}

let marks = 0;
/**
 * A selector for the one element matching `css` whose visible text (or accessible label) is
 * `text`, so a journey can name a control by what the visitor reads on it.
 */
export async function byText(page: EnginePage, css: string, text: string): Promise<string> {
  marks += 1;
  const mark = String(marks);
  const found = await page.evaluate(
    (selector: string, wanted: string, id: string) => {
      const matches = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
        (element) => {
          const label = (element.getAttribute('aria-label') ?? element.innerText).trim();
          return label === wanted && element.getClientRects().length > 0;
        },
      );
      if (matches.length !== 1) return matches.length;
      matches[0]?.setAttribute('data-engine-mark', id);
      return -1;
    },
    css,
    text,
    mark,
  );
  if (found !== -1) throw new Error(`${found} visible elements ${css} read "${text}"`);
  return `[data-engine-mark="${mark}"]`;
}

/** The distance from the viewport's top to the element's top, in CSS pixels. */
export async function topOf(page: EnginePage, selector: string): Promise<number> {
  const box = await page.box(selector);
  if (!box) throw new Error(`no ${selector}`);
  return box.y;
}

/** Waits until smooth scrolling has settled: the position holds for 300 ms. */
export async function scrollSettled(page: EnginePage): Promise<void> {
  await waitFor(
    page,
    'the scroll to settle',
    () =>
      new Promise<boolean>((resolve) => {
        const start = window.scrollY;
        setTimeout(() => resolve(window.scrollY === start), 300);
      }),
  );
}

/** Waits until `selector`'s top is 80 px below the viewport top (±2 px), once scrolling has settled. */
export async function landsBelowHeader(page: EnginePage, selector: string): Promise<void> {
  await waitFor(
    page,
    `${selector} to land 80 px below the top`,
    (css: string) => {
      const element = document.querySelector(css);
      return !!element && Math.abs(element.getBoundingClientRect().top - 80) <= 2;
    },
    selector,
  );
  await scrollSettled(page);
  expect(Math.abs((await topOf(page, selector)) - 80), `${selector} top`).toBeLessThanOrEqual(2);
}

/** The page's path, search and hash. */
export async function location(page: EnginePage): Promise<string> {
  const url = new URL(await page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Waits for the address to become `expected` (path, search and hash). */
export async function waitForLocation(page: EnginePage, expected: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let last = '';
  while (Date.now() < deadline) {
    last = await location(page).catch(() => last);
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${page.engine}: the address stayed ${last}, expected ${expected}`);
}
