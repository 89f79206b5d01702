/** A section lands below the fixed header. */
export const ANCHOR_OFFSET_PX = 80;
export const SECTION_DETECTION_OFFSET_PX = 100;
export const HEADER_SOLID_AFTER_PX = 20;
export const HASH_SCROLL_DELAY_MS = 100;
export const SCROLLING_CLASS_DELAY_MS = 100;
export const SCROLL_TOP_AFTER_PX = 500;
export const REVEAL_VIEWPORT_RATIO = 0.85;
export const REVEAL_THRESHOLD = 0.1;

/** With a modifier the visitor asks the browser for a new tab, window or download. */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Focus follows, for keyboard and screen-reader users. */
export function scrollToElement(element: HTMLElement): void {
  const top = element.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

export function scrollToId(id: string, updateHistory = true): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  scrollToElement(element);
  if (updateHistory && window.location.hash !== `#${id}`) {
    window.history.pushState(
      null,
      '',
      `${window.location.pathname}${window.location.search}#${id}`,
    );
  }
  return true;
}
