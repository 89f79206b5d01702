'use client';

import { Icon } from '@/components/ui/icon';
import { useEffect } from 'react';
import { useAnchorLinks } from '@/components/scroll/use-anchor-links';
import { useReveal } from '@/components/scroll/use-reveal';
import { useScrollProgress } from '@/components/scroll/use-scroll-progress';
import { useScrollTop } from '@/components/scroll/use-scroll-top';
import { useScrollingClass } from '@/components/scroll/use-scrolling-class';

/**
 * The page-wide scroll behaviours, one hook each: progress bar, scrolling class, back-to-top,
 * reveal on scroll, anchors below the header.
 */
export function ScrollEffects({ scrollTopLabel }: { scrollTopLabel: string }) {
  const barRef = useScrollProgress();
  const scrollTop = useScrollTop();
  useScrollingClass();
  useAnchorLinks();
  useReveal();

  useEffect(() => {
    // Lets browser tests know the page is interactive; nothing styles or reads it.
    document.documentElement.dataset.hydrated = 'true';
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
        hidden={!scrollTop.shown}
        onClick={scrollTop.scrollToTop}
        className="bg-ink hover:bg-accent-strong fixed right-4 bottom-4 z-40 inline-flex h-12 w-12 items-center justify-center rounded-full text-white shadow-lg"
      >
        <Icon name="arrow-up" size={20} />
      </button>
    </>
  );
}
