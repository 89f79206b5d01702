/**
 * One small driver interface for the browser engines a visitor reads the site with. Each journey
 * in tests/engines/ is written once against it and runs in every engine: WebKit (Debian's
 * WebKitGTK, Safari's engine family, through WebKitWebDriver and webdriverio) and Firefox
 * (Firefox ESR through WebDriver BiDi and puppeteer-core); Chromium through the same
 * puppeteer-core code when asked for (ENGINES=chromium).
 *
 * Every action is real input sent by the driver: a pointer click at the element's centre, keys
 * and typing through the keyboard. Scripts only read the page (and scroll it, as a wheel would).
 */

export type EngineName = 'webkit' | 'firefox' | 'chromium';

export const allEngines: readonly EngineName[] = ['webkit', 'firefox', 'chromium'];
/** The engines `npm test` runs: Chromium already runs every journey in Playwright (tests/e2e). */
export const defaultEngines: readonly EngineName[] = ['webkit', 'firefox'];

/** The engines of this run: ENGINES=webkit, ENGINES=firefox,webkit… or the default two. */
export function selectedEngines(value = process.env.ENGINES): EngineName[] {
  if (!value?.trim()) return [...defaultEngines];
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !allEngines.includes(name as EngineName));
  if (unknown.length > 0)
    throw new Error(`ENGINES: unknown engine ${unknown.join(', ')} (use ${allEngines.join(', ')})`);
  return names as EngineName[];
}

export type Key = 'Enter' | 'Space' | 'Tab' | 'Escape';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Cookie {
  name: string;
  value: string;
  /** Seconds since the epoch; undefined for a session cookie. */
  expires?: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** A browser tab of one engine, driven as a visitor would. */
export interface EnginePage {
  readonly engine: EngineName;
  /** Loads `path` (relative to the site) and waits for the load event. */
  goto(path: string): Promise<void>;
  url(): Promise<string>;
  /** A real pointer click at the centre of the element (scrolled into view first, instantly, if it is outside). */
  click(selector: string): Promise<void>;
  /** Clicks the field, then types `text` key by key. */
  type(selector: string, text: string): Promise<void>;
  press(key: Key, options?: { shift?: boolean }): Promise<void>;
  /** Runs `fn` in the page and returns its (JSON) result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  /**
   * Runs a script's source in the page as the driver's own code (a test tool such as axe), which
   * the page's Content-Security-Policy does not govern.
   */
  run(source: string): Promise<void>;
  /** The element's border box in CSS pixels, relative to the viewport; null when absent. */
  box(selector: string): Promise<Box | null>;
  cookies(): Promise<Cookie[]>;
  setCookie(cookie: { name: string; value: string; expires?: number }): Promise<void>;
  /**
   * The CSS viewport (window.innerWidth × innerHeight) becomes exactly this size. Call it before
   * visiting: for a phone width WebKit moves to its zoomed window (webkit.ts), another tab.
   */
  setViewport(viewport: Viewport): Promise<void>;
  screenshot(file: string): Promise<void>;
  /**
   * A PNG of `clip` (CSS px of the viewport) where the driver can cut one (`clips`), else of the
   * whole viewport (WebKitWebDriver takes only that).
   */
  capture(clip: Box): Promise<Buffer>;
  readonly clips: boolean;
  /**
   * Makes the tab's window the active one, as the window a visitor types in is: engines draw
   * focus rings only there. Call it after setViewport.
   */
  activateWindow(): Promise<void>;
  /** Console errors and uncaught exceptions (with rejections) since the last reset. */
  errors(): Promise<string[]>;
  /** A new visitor: no cookies, no storage, no recorded errors, a blank tab. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface EngineOptions {
  /** The site's address, e.g. http://127.0.0.1:4310. */
  baseURL: string;
  /** The X display the WebKit window opens on (Xvfb). */
  display: string;
}
