import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { remote } from 'webdriverio';
import { freePort, waitForHttp } from '../../harness/ports';
import type { Box, EngineOptions, EnginePage, Key, Viewport } from './engine';
import { clickTarget } from './pointer';
import { ERRORS_KEY, startVisitorProxy } from './visitor-proxy';

const driverPath = process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const browserPath =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * Phone widths in WebKit. MiniBrowser's window cannot get narrower than about 447 px, so phone
 * widths are reached the way a Safari user zooms in: WebKitGTK zooms pages by GDK_DPI_SCALE, and
 * a 780 px window at 200 % lays the page out in a 390 CSS px viewport (320 in a 640 px window).
 * Layout, hit-testing and px media queries work in CSS pixels. em/rem media queries, though, are
 * read with the zoomed font size (48rem acts as 1536 px): below 640 px no breakpoint of the site
 * (Tailwind's sm is 40rem) is reached either way, so the phone layout is the real one, but wider
 * viewports need the unzoomed window. Hence two windows per worker, each opened when first needed:
 * 100 % from 447 px up, 200 % below. What this does not reproduce is iOS itself (touch events,
 * the visual viewport and its toolbars, text size adjustment).
 */
export const PHONE_ZOOM = 2;
/** The narrowest CSS width MiniBrowser's window reaches at 100 %. */
const NARROWEST_WINDOW = 447;
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

interface Session {
  browser: Browser;
  driver: ChildProcess;
  zoom: number;
}

/** WebKitGTK's vendor capability, which webdriverio's capability types do not list. */
const webkitGtkOptions = {
  'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation'] },
} as Record<string, unknown>;

/** One WebKitWebDriver (it serves a single session) and its MiniBrowser window at `zoom`. */
async function openSession(display: string, zoom: number): Promise<Session> {
  const port = await freePort();
  const driver = spawn(driverPath, [`--port=${port}`, '--host=local'], {
    env: { ...process.env, DISPLAY: display, GDK_DPI_SCALE: String(zoom) },
    stdio: 'ignore',
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/status`, 15_000);
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'silent',
      // Without a display the session hangs instead of failing: fail fast.
      connectionRetryCount: 0,
      connectionRetryTimeout: 60_000,
      capabilities: {
        browserName: 'MiniBrowser',
        // This driver refuses the BiDi upgrade webdriverio asks for by default.
        'wdio:enforceWebDriverClassic': true,
        ...webkitGtkOptions,
      },
    });
    return { browser, driver, zoom };
  } catch (error) {
    driver.kill();
    throw error;
  }
}

const run = promisify(execFile);

/**
 * Makes the session's MiniBrowser the active window of the X display, as a visitor's browser
 * window is. WebKit matches :focus and :focus-visible, and paints focus rings, only in an active
 * window, and on Xvfb, without a window manager, no window becomes active by itself (nor through
 * WebDriver's window commands). xdotool gives the window the X input focus.
 */
async function activateWindow(session: Session, display: string): Promise<void> {
  const pid = session.driver.pid;
  const children = pid
    ? (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/)
    : [];
  const env = { ...process.env, DISPLAY: display };
  for (const child of children.filter(Boolean)) {
    const { stdout } = await run('xdotool', ['search', '--onlyvisible', '--pid', child], {
      env,
    }).catch(() => ({ stdout: '' }));
    const window = stdout.trim().split(/\s+/).filter(Boolean).at(-1);
    if (window) {
      await run('xdotool', ['windowfocus', '--sync', window], { env });
      return;
    }
  }
  throw new Error('WebKit: no MiniBrowser window to activate (is xdotool installed?)');
}

export async function openWebKit(options: EngineOptions): Promise<EnginePage> {
  const proxy = await startVisitorProxy(options.baseURL, {
    recordErrors: true,
    countedAsVisitor: options.countedAsVisitor,
  });
  const sessions = new Map<number, Session>();
  let active: Session;
  const use = async (zoom: number) => {
    let session = sessions.get(zoom);
    if (!session) {
      session = await openSession(options.display, zoom);
      sessions.set(zoom, session);
    }
    active = session;
  };
  try {
    await use(1);
  } catch (error) {
    await proxy.close();
    throw error;
  }
  const browser = () => active.browser;
  const onSite = async () => (await browser().getUrl()).startsWith(proxy.url);

  const evaluate = <A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A) =>
    browser().execute(fn as never, ...(args as unknown[] as never[])) as Promise<R>;

  const box = (selector: string) =>
    evaluate((css: string) => {
      const element = document.querySelector(css);
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }, selector) as Promise<Box | null>;

  const pointAt = async (selector: string) => {
    const target = await evaluate(clickTarget, selector);
    if (typeof target === 'string') throw new Error(`WebKit cannot click: ${target}`);
    return target;
  };

  const click = async (selector: string) => {
    const { x, y } = await pointAt(selector);
    await browser().performActions([
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
            x: x * active.zoom,
            y: y * active.zoom,
          },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ]);
    await browser().releaseActions();
  };

  const sendKeys = async (keys: string[], shift = false) => {
    const strokes = keys.flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    await browser().performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: shift
          ? [{ type: 'keyDown', value: SHIFT }, ...strokes, { type: 'keyUp', value: SHIFT }]
          : strokes,
      },
    ]);
    await browser().releaseActions();
  };

  return {
    engine: 'webkit',
    async goto(path) {
      await browser().navigateTo(new URL(path, proxy.url).href);
    },
    url: () => browser().getUrl(),
    click,
    async type(selector, text) {
      await click(selector);
      // One key per character, as typed.
      await sendKeys(Array.from(text));
    },
    press: (key, options = {}) => sendKeys([keyCodes[key]], options.shift),
    evaluate,
    async run(source) {
      await browser().execute(source);
    },
    box,
    async cookies() {
      const cookies = await browser().getAllCookies();
      return cookies.map((c) => ({
        name: c.name,
        value: c.value,
        expires: typeof c.expiry === 'number' ? c.expiry : undefined,
      }));
    },
    async setCookie(cookie) {
      // Classic WebDriver sets cookies for the page on show: be on the site first.
      if (!(await onSite())) await browser().navigateTo(`${proxy.url}/robots.txt`);
      await browser().addCookie({
        name: cookie.name,
        value: cookie.value,
        path: '/',
        sameSite: 'Lax',
        ...(cookie.expires ? { expiry: cookie.expires } : {}),
      });
    },
    async setViewport({ width, height }: Viewport) {
      // A phone width needs the zoomed window: another tab, so set the size before visiting.
      await use(width < NARROWEST_WINDOW ? PHONE_ZOOM : 1);
      const { zoom } = active;
      // The page learns its new size a few frames after the window's: read it once it holds.
      const settledSize = async () => {
        let last = '';
        for (let read = 0; read < 30; read += 1) {
          const size = await evaluate(() => [window.innerWidth, window.innerHeight]);
          if (size[0] === width && size[1] === height) return size;
          if (JSON.stringify(size) === last) return size;
          last = JSON.stringify(size);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return JSON.parse(last) as number[];
      };
      let windowWidth = width * zoom;
      let windowHeight = height * zoom + TOOLBAR_GUESS;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await browser().setWindowRect(0, 0, windowWidth, windowHeight);
        const [innerWidth = width, innerHeight = height] = await settledSize();
        if (innerWidth === width && innerHeight === height) return;
        windowWidth += (width - innerWidth) * zoom;
        windowHeight += (height - innerHeight) * zoom;
      }
      throw new Error(`WebKit could not make a ${width} × ${height} viewport`);
    },
    async screenshot(file) {
      await writeFile(file, Buffer.from(await browser().takeScreenshot(), 'base64'));
    },
    activateWindow: () => activateWindow(active, options.display),
    async capture() {
      return Buffer.from(await browser().takeScreenshot(), 'base64');
    },
    clips: false,
    async errors() {
      if (!(await onSite())) return [];
      return evaluate(
        (key: string) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[],
        ERRORS_KEY,
      );
    },
    sendHeaders: (headers) => proxy.sendHeaders(headers),
    async reset() {
      for (const session of sessions.values()) {
        active = session;
        if (await onSite()) {
          await evaluate(() => {
            localStorage.clear();
            sessionStorage.clear();
          });
          await browser().deleteAllCookies();
        }
        await browser().navigateTo('about:blank');
      }
      await use(1);
      proxy.nextVisitor();
    },
    async close() {
      for (const session of sessions.values()) {
        await session.browser.deleteSession().catch(() => undefined);
        session.driver.kill();
      }
      await proxy.close();
    },
  };
}
