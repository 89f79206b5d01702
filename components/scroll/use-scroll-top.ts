'use client';

import { useEffect, useState } from 'react';
import { prefersReducedMotion, SCROLL_TOP_AFTER_PX } from '@/lib/scroll';

/**
 * The back-to-top button: shown once the page has moved more than 500 px; it scrolls to the top
 * and puts the focus at the start of the main content.
 */
export function useScrollTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > SCROLL_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  const scrollToTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return { shown, scrollToTop };
}
