'use client';

import { useEffect } from 'react';
import { SCROLLING_CLASS_DELAY_MS } from '@/lib/scroll';

/** The body has the class 'scrolling' while the page moves, and until 100 ms after it stops. */
export function useScrollingClass() {
  useEffect(() => {
    let timer: number | undefined;
    const onScroll = () => {
      document.body.classList.add('scrolling');
      window.clearTimeout(timer);
      timer = window.setTimeout(
        () => document.body.classList.remove('scrolling'),
        SCROLLING_CLASS_DELAY_MS,
      );
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, []);
}
