'use client';

import { Icon } from '@/components/ui/icon';
import { useEffect, useRef, useState } from 'react';
import { splitPath } from '@/lib/i18n/paths';
import {
  HASH_SCROLL_DELAY_MS,
  REVEAL_THRESHOLD,
  REVEAL_VIEWPORT_RATIO,
  SCROLL_TOP_AFTER_PX,
  SCROLLING_CLASS_DELAY_MS,
  prefersReducedMotion,
  scrollToElement,
  scrollToId,
} from '@/lib/scroll';

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

/** The page-wide scroll behaviours of SPEC 2.6: progress bar, scrolling class, back-to-top, reveal, anchors. */
export function ScrollEffects({ scrollTopLabel }: { scrollTopLabel: string }) {
  const barRef = useRef<HTMLDivElement>(null);
  const [showTop, setShowTop] = useState(false);

  useEffect(() => {
    // Lets browser tests know the page is interactive; nothing styles or reads it.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(() => {
    let scrollingTimer: number | undefined;
    const onScroll = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const progress = max > 0 ? Math.min(1, window.scrollY / max) : 0;
      if (barRef.current) barRef.current.style.transform = `scaleX(${progress})`;
      setShowTop(window.scrollY > SCROLL_TOP_AFTER_PX);
      document.body.classList.add('scrolling');
      window.clearTimeout(scrollingTimer);
      scrollingTimer = window.setTimeout(
        () => document.body.classList.remove('scrolling'),
        SCROLLING_CLASS_DELAY_MS,
      );
    };
    onScroll();
    document.body.classList.remove('scrolling');
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(scrollingTimer);
    };
  }, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const url = new URL(link.href);
      const id = decodeURIComponent(url.hash.slice(1));
      if (!id || !isSamePage(url)) return;
      const element = document.getElementById(id);
      if (!element) return;
      event.preventDefault();
      scrollToElement(element);
      if (window.location.hash !== `#${id}`) {
        window.history.pushState(
          null,
          '',
          `${window.location.pathname}${window.location.search}#${id}`,
        );
      }
    };
    document.addEventListener('click', onClick);

    // A hash in the address on load: scroll there after 100 ms (SPEC 2.3), below the header.
    const hash = decodeURIComponent(window.location.hash.slice(1));
    const timer = hash
      ? window.setTimeout(() => scrollToId(hash, false), HASH_SCROLL_DELAY_MS)
      : undefined;
    return () => {
      document.removeEventListener('click', onClick);
      window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    const elements = Array.from(document.querySelectorAll<HTMLElement>('.reveal:not(.is-visible)'));
    if (elements.length === 0) return;
    const reveal = (element: Element) => element.classList.add('is-visible');
    if (prefersReducedMotion() || !('IntersectionObserver' in window)) {
      elements.forEach(reveal);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (
            entry.isIntersecting ||
            entry.boundingClientRect.top < window.innerHeight * REVEAL_VIEWPORT_RATIO
          ) {
            reveal(entry.target);
            observer.unobserve(entry.target);
          }
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    for (const element of elements) {
      if (element.getBoundingClientRect().top < window.innerHeight * REVEAL_VIEWPORT_RATIO)
        reveal(element);
      else observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <div
        ref={barRef}
        aria-hidden="true"
        data-testid="scroll-progress"
        style={{ transform: 'scaleX(0)' }}
        className="bg-accent pointer-events-none fixed inset-x-0 top-0 z-[60] h-[2px] origin-left"
      />
      <button
        type="button"
        data-testid="scroll-top"
        aria-label={scrollTopLabel}
        hidden={!showTop}
        onClick={() => {
          window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
          document.getElementById('main')?.focus({ preventScroll: true });
        }}
        className="bg-ink hover:bg-accent-strong fixed right-4 bottom-4 z-40 inline-flex h-12 w-12 items-center justify-center rounded-full text-white shadow-lg"
      >
        <Icon name="arrow-up" size={20} />
      </button>
    </>
  );
}
