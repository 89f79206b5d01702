import { PNG } from 'pngjs';

/**
 * Visible keyboard focus, measured in pixels as a person sees it: the walk presses Tab through a
 * page and, at each stop, compares a screenshot with the element focused against one with nothing
 * focused, at the same scroll position. Written once for every driver (Playwright in
 * tests/e2e/visible-focus.spec.ts, WebKit and Firefox in tests/engines/visible-focus.test.ts).
 *
 * The measure is WCAG 2.4.13's (Focus Appearance): the pixels that change between the two states
 * by a contrast of at least 3:1 must cover at least the area of a 2 CSS px thick perimeter of the
 * element. It is reported as the ring's "equivalent width": that area divided by the element's
 * perimeter, so 2.4.13 asks for at least 2 (px).
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A focus stop, read in the page. */
export interface FocusStop {
  /** How a person would name it: tag, accessible label or text, and link target. */
  name: string;
  /**
   * What the visitor sees as the element, in CSS px from the viewport's top left: the element's
   * box, or for a link stretched over a card (a positioned ::after) the card's.
   */
  box: Box;
  /** The boxes the ring is drawn around: a link broken over two lines has one per line. */
  fragments: Box[];
  scroll: string;
  viewport: { width: number; height: number };
}

export interface FocusMeasure {
  /** CSS px² around the element whose colour changed at all. */
  changed: number;
  /** CSS px² whose colour changed by a contrast of 3:1 or more. */
  contrasting: number;
  /** `contrasting` over the element's perimeter: 2.4.13 asks for 2 or more. */
  equivalentWidth: number;
  /** The median contrast of the pixels that visibly changed (ratio above 1.1), 1 when none. */
  contrast: number;
}

export interface StopResult {
  stop: FocusStop;
  measure: FocusMeasure;
}

/** How far the site's ring reaches outside the element: 2 px offset, 3 px wide. */
const RING_REACH = 5;
/** How far around the element's box a ring is looked for: its reach, and spare. */
export const RING_MARGIN = 8;
/** At most so many stops on a page: a page longer than that is a runaway loop. */
const MAX_STOPS = 150;

/** What a walk needs of a browser driver. */
export interface FocusDriver {
  tab(options?: { shift?: boolean }): Promise<void>;
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  /** A PNG of `area` (CSS px of the viewport) when `clips`, else of the whole viewport. */
  capture(area: Box): Promise<Buffer>;
  clips: boolean;
}

/**
 * In the page, before the walk: every lazy image loaded and every block that fades in shown (the
 * page is read to its end), the fonts in, then back to the top with nothing focused.
 */
export async function readPageForFocusWalk(): Promise<void> {
  // A frame, or 50 ms where the page draws none (a tab in the background).
  const frame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => setTimeout(resolve, 20));
      setTimeout(resolve, 50);
    });
  for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
    window.scrollTo({ top: y, behavior: 'instant' });
    await frame();
  }
  await document.fonts.ready;
  const images = Array.from(document.images).filter((image) => !image.complete);
  await Promise.all(
    images.map((image) => new Promise((resolve) => image.addEventListener('loadend', resolve))),
  );
  for (let waited = 0; waited < 200; waited += 1) {
    const moving = document.getAnimations().some((animation) => animation.playState === 'running');
    if (!moving && document.querySelectorAll('.reveal:not(.is-visible)').length === 0) break;
    await frame();
  }
  window.scrollTo({ top: 0, behavior: 'instant' });
  (document.activeElement as HTMLElement | null)?.blur();
  await frame();
}

/**
 * In the page, after a Tab: marks the focused element, waits until nothing moves (no running
 * animation, the same scroll for three frames) and describes it; null when the focus left the
 * page, 'again' when it came back to a stop of this page, 'measured' when a stop of that name
 * (the header's and footer's, met on every page) was measured on an earlier page.
 */
export async function focusedStop(
  measured: string[],
): Promise<FocusStop | 'again' | 'measured' | null> {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body || element === document.documentElement) return null;
  if (element.dataset.focusWalk === 'seen') return 'again';
  element.dataset.focusWalk = 'seen';
  const label =
    element.getAttribute('aria-label') ??
    element.querySelector('img')?.getAttribute('alt') ??
    element.innerText ??
    '';
  const href = element.getAttribute('href');
  const name = `${element.localName} "${label.replace(/\s+/g, ' ').trim().slice(0, 60)}"${href ? ` ${href}` : ''}`;
  if (measured.includes(name)) return 'measured';
  // A frame the page draws; 500 ms at most (a window that draws none). Not a shorter fallback:
  // on a loaded machine a frame can take longer than 50 ms, and WebKit's screenshot is of the
  // last frame drawn, which then had no ring yet.
  const frame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(resolve);
      setTimeout(resolve, 500);
    });
  let last = '';
  let still = 0;
  for (let frames = 0; still < 3 && frames < 240; frames += 1) {
    await frame();
    const moving = document.getAnimations().some((animation) => animation.playState === 'running');
    const now = `${window.scrollX},${window.scrollY}`;
    still = now === last && !moving ? still + 1 : 0;
    last = now;
  }
  document.querySelector('[data-focus-walk-current]')?.removeAttribute('data-focus-walk-current');
  element.setAttribute('data-focus-walk-current', '');
  let area: Element = element;
  const after = getComputedStyle(element, '::after');
  const stretched =
    after.content !== 'none' &&
    after.position === 'absolute' &&
    [after.top, after.right, after.bottom, after.left].every((inset) => inset === '0px');
  if (stretched && element.offsetParent) area = element.offsetParent;
  const { x, y, width, height } = area.getBoundingClientRect();
  const fragments = Array.from(area.getClientRects(), (rect) => ({
    x: rect.x,
    y: rect.y,
    width: rect.width,
    height: rect.height,
  }));
  return {
    name,
    box: { x, y, width, height },
    fragments,
    scroll: `${window.scrollX},${window.scrollY}`,
    viewport: { width: window.innerWidth, height: window.innerHeight },
  };
}

/**
 * In the page: nothing focused (the element keeps its place as the next Tab's starting point),
 * once painted: WebKit's screenshot is of the last frame drawn.
 */
export async function blurCurrent(): Promise<void> {
  (document.querySelector('[data-focus-walk-current]') as HTMLElement | null)?.blur();
  // Two frames drawn (500 ms at most each, as in focusedStop).
  for (let frames = 0; frames < 2; frames += 1)
    await new Promise((resolve) => {
      requestAnimationFrame(resolve);
      setTimeout(resolve, 500);
    });
}

/** In the page: the current stop focused again, without scrolling, before the next Tab. */
export function refocusCurrent(): void {
  (document.querySelector('[data-focus-walk-current]') as HTMLElement | null)?.focus({
    preventScroll: true,
  });
}

/** WCAG's relative luminance of an sRGB colour. */
function luminance(r: number, g: number, b: number): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The element's box with RING_MARGIN around it, inside the viewport (CSS px). */
export function ringArea(stop: FocusStop): Box {
  const { box, viewport } = stop;
  const x = Math.max(0, Math.floor(box.x - RING_MARGIN));
  const y = Math.max(0, Math.floor(box.y - RING_MARGIN));
  const right = Math.min(viewport.width, Math.ceil(box.x + box.width + RING_MARGIN));
  const bottom = Math.min(viewport.height, Math.ceil(box.y + box.height + RING_MARGIN));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/**
 * The length of the element's outline inside the viewport, in CSS px: the outline of the union of
 * its boxes (a link broken over two lines is one shape, as its ring is), counted on a 1 px grid.
 * A side the page is scrolled past cannot show a ring and is not counted; a side on the
 * viewport's edge can, and is.
 */
function visiblePerimeter({ box, fragments, viewport }: FocusStop): number {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(viewport.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(viewport.height, Math.ceil(box.y + box.height));
  const width = right - left;
  const height = bottom - top;
  if (width <= 0 || height <= 0) return 0;
  const inside = new Uint8Array(width * height);
  const fill = (x0: number, x1: number, y0: number, y1: number) => {
    const [a, b] = [Math.max(left, Math.round(x0)), Math.min(right, Math.round(x1))];
    for (let y = Math.max(top, Math.round(y0)); y < Math.min(bottom, Math.round(y1)); y += 1)
      inside.fill(1, (y - top) * width + a - left, (y - top) * width + b - left);
  };
  for (const fragment of fragments)
    fill(fragment.x, fragment.x + fragment.width, fragment.y, fragment.y + fragment.height);
  // Lines of a link closer than two ring widths share the ring between them (one shape).
  for (const upper of fragments)
    for (const lower of fragments) {
      const gap = lower.y - (upper.y + upper.height);
      if (gap > 0 && gap <= 2 * RING_REACH)
        fill(
          Math.max(upper.x, lower.x),
          Math.min(upper.x + upper.width, lower.x + lower.width),
          upper.y + upper.height,
          lower.y,
        );
    }
  // Beyond the viewport's edge where the element goes on past it: no side there.
  const cut = {
    left: box.x < 0,
    top: box.y < 0,
    right: box.x + box.width > viewport.width,
    bottom: box.y + box.height > viewport.height,
  };
  const at = (x: number, y: number) => inside[y * width + x] === 1;
  let perimeter = 0;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      if (!at(x, y)) continue;
      if (x === 0 ? !cut.left : !at(x - 1, y)) perimeter += 1;
      if (x === width - 1 ? !cut.right : !at(x + 1, y)) perimeter += 1;
      if (y === 0 ? !cut.top : !at(x, y - 1)) perimeter += 1;
      if (y === height - 1 ? !cut.bottom : !at(x, y + 1)) perimeter += 1;
    }
  return perimeter;
}

/**
 * Compares the element's area (ringArea) in the two screenshots, each either of that area alone
 * (`clipped`) or of the whole viewport.
 */
export function measureFocus(
  focusedPng: Buffer,
  unfocusedPng: Buffer,
  stop: FocusStop,
  clipped: boolean,
): FocusMeasure {
  const focused = PNG.sync.read(focusedPng);
  const unfocused = PNG.sync.read(unfocusedPng);
  if (focused.width !== unfocused.width || focused.height !== unfocused.height)
    throw new Error('the two screenshots differ in size');
  const area = ringArea(stop);
  // Device pixels per CSS pixel (WebKit's phone window is zoomed; a screen may be dense).
  const scale = focused.width / (clipped ? area.width : stop.viewport.width);
  const origin = clipped ? { x: 0, y: 0 } : { x: area.x * scale, y: area.y * scale };
  const left = Math.round(origin.x);
  const top = Math.round(origin.y);
  const right = Math.min(focused.width, Math.round(origin.x + area.width * scale));
  const bottom = Math.min(focused.height, Math.round(origin.y + area.height * scale));
  let changed = 0;
  let contrasting = 0;
  const ratios: number[] = [];
  const a = focused.data;
  const b = unfocused.data;
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      const i = (y * focused.width + x) * 4;
      if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2]) continue;
      changed += 1;
      const ratio = contrastRatio(
        luminance(a[i]!, a[i + 1]!, a[i + 2]!),
        luminance(b[i]!, b[i + 1]!, b[i + 2]!),
      );
      if (ratio >= 3) contrasting += 1;
      if (ratio > 1.1) ratios.push(ratio);
    }
  }
  ratios.sort((p, q) => p - q);
  const perScale = scale * scale;
  const perimeter = visiblePerimeter(stop);
  return {
    changed: changed / perScale,
    contrasting: contrasting / perScale,
    equivalentWidth: perimeter > 0 ? contrasting / perScale / perimeter : 0,
    contrast: ratios.length > 0 ? ratios[Math.floor(ratios.length / 2)]! : 1,
  };
}

/**
 * Presses Tab from the top of the page until the focus leaves it or comes back round, and
 * measures each stop not in `measured` (which it adds to): a walk through several pages measures
 * the header and footer once. The page must be loaded and read (readPageForFocusWalk) first.
 */
export async function walkFocus(
  driver: FocusDriver,
  measured: Set<string> = new Set(),
): Promise<StopResult[]> {
  const results: StopResult[] = [];
  // Without clips, one screenshot with nothing focused serves every stop at the same scroll.
  let baseline: { scroll: string; png: Buffer } | undefined;
  for (let count = 0; count < MAX_STOPS; count += 1) {
    await driver.tab();
    const stop = await driver.evaluate(focusedStop, [...measured]);
    if (stop === 'measured') continue;
    if (stop === 'again') return results;
    if (stop === null) {
      // The focus went on to the browser's own controls: Shift+Tab brings it back to the page,
      // as a visitor would, so that the next page is read with the focus in it.
      await driver.tab({ shift: true });
      return results;
    }
    measured.add(stop.name);
    const area = ringArea(stop);
    const focused = await driver.capture(area);
    if (driver.clips || baseline?.scroll !== stop.scroll) {
      await driver.evaluate(blurCurrent);
      baseline = { scroll: stop.scroll, png: await driver.capture(area) };
      await driver.evaluate(refocusCurrent);
    }
    let measure = measureFocus(focused, baseline.png, stop, driver.clips);
    // A stop that seems to show nothing is looked at again for up to 2 s (the engine may not have
    // drawn its ring yet on a loaded machine) before it counts as invisible.
    for (const deadline = Date.now() + 2_000; measure.changed === 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      measure = measureFocus(await driver.capture(area), baseline.png, stop, driver.clips);
    }
    results.push({ stop, measure });
  }
  throw new Error(`more than ${MAX_STOPS} focus stops: the walk is not ending`);
}

/** One line per stop, for a failure message or a report. */
export function describeStop({ stop, measure }: StopResult): string {
  return `${stop.name}: changed ${Math.round(measure.changed)} px², ${measure.equivalentWidth.toFixed(1)} px at ≥ 3:1 (median ${measure.contrast.toFixed(1)}:1)`;
}
