'use client';

import { useEffect } from 'react';
import { splitPath } from '@/lib/i18n/paths';
import { HASH_SCROLL_DELAY_MS, isPlainClick, scrollToId } from '@/lib/scroll';

/** Same page: same language and same path once the prefix is set aside ('/', '/fr' and '/fr/' are one home). */
function isSamePage(url: URL): boolean {
  if (url.origin !== window.location.origin) return false;
  const here = splitPath(window.location.pathname);
  const there = splitPath(url.pathname);
  const normalise = (rest: string) => rest.replace(/\/+$/, '') || '/';
  return (
    (here.prefix ?? 'fr') === (there.prefix ?? 'fr') &&
    normalise(here.rest) === normalise(there.rest)
  );
}

/**
 * Anchors land 80 px below the viewport's top, under the fixed header: a click on a link to a
 * section of this page scrolls there smoothly instead of jumping, and a #section in the address
 * on load is scrolled to after 100 ms, once the page has laid itself out.
 */
export function useAnchorLinks() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const url = new URL(link.href);
      const id = decodeURIComponent(url.hash.slice(1));
      if (id && isSamePage(url) && scrollToId(id)) event.preventDefault();
    };
    document.addEventListener('click', onClick);

    const hash = decodeURIComponent(window.location.hash.slice(1));
    const timer = hash
      ? window.setTimeout(() => scrollToId(hash, false), HASH_SCROLL_DELAY_MS)
      : undefined;
    return () => {
      document.removeEventListener('click', onClick);
      window.clearTimeout(timer);
    };
  }, []);
}
