import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs';
import type { EngineName, EngineOptions, EnginePage, Key } from './engine';
import { clickTarget } from './pointer';
import { startVisitorProxy } from './visitor-proxy';

const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Firefox ESR through WebDriver BiDi (built into Firefox: no geckodriver), or Debian's Chromium
 * through the DevTools protocol, both with puppeteer-core. Each visitor gets a fresh browser
 * context (own cookies and storage) in the one browser this worker launched.
 */
export async function openPuppeteer(
  engine: Extract<EngineName, 'firefox' | 'chromium'>,
  options: EngineOptions,
): Promise<EnginePage> {
  const proxy = await startVisitorProxy(options.baseURL, { recordErrors: false });
  const browser: Browser = await puppeteer.launch(
    engine === 'firefox'
      ? {
          browser: 'firefox',
          executablePath: firefoxPath,
          headless: true,
          // Nothing that reaches the internet on its own.
          extraPrefsFirefox: {
            'app.update.enabled': false,
            'network.captive-portal-service.enabled': false,
            'network.connectivity-service.enabled': false,
            // Scrollbars that overlay the page, as on phones and Macs: a 390 px viewport lays
            // the page out in 390 px (WebKitGTK does the same).
            'widget.gtk.overlay-scrollbars.enabled': true,
            'ui.useOverlayScrollbars': 1,
          },
        }
      : { browser: 'chrome', executablePath: chromiumPath, headless: true, args: chromiumFlags },
  );
  let context: BrowserContext;
  let page: Page;
  let errors: string[] = [];

  const open = async () => {
    context = await browser.createBrowserContext();
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) =>
      errors.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`),
    );
    // A CSP violation is reported as an error, like the recorder does in WebKit.
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
  };
  await open();

  const evaluate = <A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A) =>
    page.evaluate(fn as never, ...(args as unknown[] as never[])) as Promise<R>;

  const click = async (selector: string) => {
    const target = await evaluate(clickTarget, selector);
    if (typeof target === 'string') throw new Error(`${engine} cannot click: ${target}`);
    await page.mouse.click(target.x, target.y);
  };

  return {
    engine,
    async goto(path) {
      await page.goto(new URL(path, proxy.url).href, { waitUntil: 'load' });
    },
    url: async () => page.url(),
    click,
    async type(selector, text) {
      await click(selector);
      await page.keyboard.type(text);
    },
    async press(key: Key, { shift = false } = {}) {
      if (shift) await page.keyboard.down('Shift');
      await page.keyboard.press(key === 'Space' ? ' ' : key);
      if (shift) await page.keyboard.up('Shift');
    },
    evaluate,
    async run(source) {
      await page.evaluate(source);
    },
    async box(selector) {
      return evaluate((css: string) => {
        const element = document.querySelector(css);
        if (!element) return null;
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      }, selector);
    },
    async cookies() {
      return (await context.cookies()).map((c) => ({
        name: c.name,
        value: c.value,
        expires: c.expires > 0 ? c.expires : undefined,
      }));
    },
    async setCookie(cookie) {
      await context.setCookie({
        name: cookie.name,
        value: cookie.value,
        domain: '127.0.0.1',
        path: '/',
        sameSite: 'Lax',
        ...(cookie.expires ? { expires: cookie.expires } : {}),
      });
    },
    async setViewport({ width, height }) {
      await page.setViewport({ width, height });
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` });
    },
    async capture(clip) {
      // puppeteer takes a clip in the document's coordinates.
      const [left, top] = await evaluate(() => [window.scrollX, window.scrollY]);
      return Buffer.from(
        await page.screenshot({
          clip: { ...clip, x: clip.x + (left ?? 0), y: clip.y + (top ?? 0) },
          captureBeyondViewport: false,
        }),
      );
    },
    clips: true,
    async activateWindow() {
      await page.bringToFront();
    },
    async errors() {
      return [...errors];
    },
    async reset() {
      await context.close();
      errors = [];
      proxy.nextVisitor();
      await open();
    },
    async close() {
      await browser.close().catch(() => undefined);
      await proxy.close();
    },
  };
}
