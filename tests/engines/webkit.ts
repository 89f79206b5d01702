import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { remote } from 'webdriverio';
import { freePort, waitForHttp } from '../support/ports';
import type { Box, Cookie, EngineOptions, EnginePage, Key, Viewport } from './engine';
import { ERRORS_KEY, startVisitorProxy } from './visitor-proxy';

const driverPath = process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const browserPath =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * WebKit's page zoom. MiniBrowser's window cannot get narrower than about 447 px, so phone widths
 * are reached the way a Safari user zooms in: WebKitGTK zooms pages by GDK_DPI_SCALE, and a
 * 780 px window at 200 % lays the page out in a 390 CSS px viewport (320 in a 640 px window).
 * Media queries, layout and hit-testing all work in CSS pixels; what this does not reproduce is
 * iOS itself (touch events, the visual viewport and its toolbars, text size adjustment).
 */
export const WEBKIT_ZOOM = 2;
/** MiniBrowser's toolbar above the page, in window pixels (not zoomed). */
const TOOLBAR_GUESS = 38;

const keyCodes: Record<Key, string> = {
  Enter: '\uE007',
  Space: '\uE00D',
  Tab: '\uE004',
  Escape: '\uE00C',
};
const SHIFT = '\uE008';

type Browser = Awaited<ReturnType<typeof remote>>;

export async function openWebKit(options: EngineOptions): Promise<EnginePage> {
  const proxy = await startVisitorProxy(options.baseURL, { recordErrors: true });
  const port = await freePort();
  const driver: ChildProcess = spawn(driverPath, [`--port=${port}`, '--host=local'], {
    env: { ...process.env, DISPLAY: options.display, GDK_DPI_SCALE: String(WEBKIT_ZOOM) },
    stdio: 'ignore',
  });
  let browser: Browser;
  try {
    await waitForHttp(`http://127.0.0.1:${port}/status`, 15_000);
    browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'silent',
      // Without a display the session hangs instead of failing: fail fast.
      connectionRetryCount: 0,
      connectionRetryTimeout: 60_000,
      capabilities: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation'] },
        // This driver refuses the BiDi upgrade webdriverio asks for by default.
        'wdio:enforceWebDriverClassic': true,
      },
    });
  } catch (error) {
    driver.kill();
    await proxy.close();
    throw error;
  }

  const evaluate = <A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A) =>
    browser.execute(fn as never, ...(args as never[])) as Promise<R>;

  const box = (selector: string) =>
    evaluate((css: string) => {
      const element = document.querySelector(css);
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }, selector) as Promise<Box | null>;

  const pointAt = async (selector: string) => {
    const target = await evaluate((css: string) => {
      const element = document.querySelector(css);
      if (!element) return `no element matches ${css}`;
      const rect = element.getBoundingClientRect();
      const inside =
        rect.top >= 0 && rect.bottom <= innerHeight && rect.left >= 0 && rect.right <= innerWidth;
      // As a person scrolls a control into sight before clicking it; at once, not smoothly.
      if (!inside) element.scrollIntoView({ block: 'center', behavior: 'instant' });
      const { x, y, width, height } = element.getBoundingClientRect();
      const point = { x: Math.round(x + width / 2), y: Math.round(y + height / 2) };
      const hit = document.elementFromPoint(point.x, point.y);
      if (!hit || !(hit === element || element.contains(hit) || hit.contains(element)))
        return `${css} is covered by <${hit?.tagName.toLowerCase()} ${hit?.className ?? ''}>`;
      return point;
    }, selector);
    if (typeof target === 'string') throw new Error(`WebKit cannot click: ${target}`);
    return target;
  };

  const click = async (selector: string) => {
    const { x, y } = await pointAt(selector);
    await browser.performActions([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          // WebKitWebDriver places the pointer in window pixels, not in the zoomed page's CSS
          // pixels (checked on a 6 px target): scale the point by the zoom.
          {
            type: 'pointerMove',
            duration: 0,
            origin: 'viewport',
            x: x * WEBKIT_ZOOM,
            y: y * WEBKIT_ZOOM,
          },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ]);
    await browser.releaseActions();
  };

  const sendKeys = async (keys: string[]) => {
    await browser.performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: keys.flatMap((value) => [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ]),
      },
    ]);
    await browser.releaseActions();
  };

  const page: EnginePage = {
    engine: 'webkit',
    async goto(path) {
      await browser.navigateTo(new URL(path, proxy.url).href);
    },
    url: () => browser.getUrl(),
    click,
    async type(selector, text) {
      await click(selector);
      // One key per character, as typed.
      await sendKeys(Array.from(text));
    },
    async press(key, options = {}) {
      if (!options.shift) return sendKeys([keyCodes[key]]);
      await browser.performActions([
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value: SHIFT },
            { type: 'keyDown', value: keyCodes[key] },
            { type: 'keyUp', value: keyCodes[key] },
            { type: 'keyUp', value: SHIFT },
          ],
        },
      ]);
      await browser.releaseActions();
    },
    evaluate,
    box,
    async cookies() {
      const cookies = await browser.getAllCookies();
      return cookies.map((c) => ({
        name: c.name,
        value: c.value,
        expires: typeof c.expiry === 'number' ? c.expiry : undefined,
      }));
    },
    async setCookie(cookie) {
      // Classic WebDriver sets cookies for the page on show: be on the site first.
      if (!(await browser.getUrl()).startsWith(proxy.url))
        await browser.navigateTo(`${proxy.url}/robots.txt`);
      await browser.addCookie({
        name: cookie.name,
        value: cookie.value,
        path: '/',
        sameSite: 'Lax',
        ...(cookie.expires ? { expiry: cookie.expires } : {}),
      });
    },
    async setViewport({ width, height }: Viewport) {
      let windowWidth = width * WEBKIT_ZOOM;
      let windowHeight = height * WEBKIT_ZOOM + TOOLBAR_GUESS;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await browser.setWindowRect(0, 0, windowWidth, windowHeight);
        const [innerWidth, innerHeight] = await evaluate(() => [
          window.innerWidth,
          window.innerHeight,
        ]);
        if (innerWidth === width && innerHeight === height) return;
        windowWidth += (width - (innerWidth ?? width)) * WEBKIT_ZOOM;
        windowHeight += (height - (innerHeight ?? height)) * WEBKIT_ZOOM;
      }
      throw new Error(`WebKit could not make a ${width} × ${height} viewport`);
    },
    async screenshot(file) {
      await writeFile(file, Buffer.from(await browser.takeScreenshot(), 'base64'));
    },
    async errors() {
      if (!(await browser.getUrl()).startsWith(proxy.url)) return [];
      return evaluate(
        (key: string) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[],
        ERRORS_KEY,
      );
    },
    async reset() {
      if ((await browser.getUrl()).startsWith(proxy.url)) {
        await evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
        await browser.deleteAllCookies();
      }
      proxy.nextVisitor();
      await browser.navigateTo('about:blank');
    },
    async close() {
      await browser.deleteSession().catch(() => undefined);
      driver.kill();
      await proxy.close();
    },
  };
  return page;
}

export type { Cookie };
