'use client';

import { useEffect } from 'react';
import { prefersReducedMotion, REVEAL_THRESHOLD, REVEAL_VIEWPORT_RATIO } from '@/lib/scroll';

/**
 * Reveal on scroll: each .reveal block fades in once 10 % of it is in view or its top is within
 * the first 85 % of the viewport; all at once when the visitor asked for reduced motion.
 */
export function useReveal() {
  useEffect(() => {
    const elements = Array.from(document.querySelectorAll<HTMLElement>('.reveal:not(.is-visible)'));
    if (elements.length === 0) return;
    const reveal = (element: Element) => element.classList.add('is-visible');
    if (prefersReducedMotion() || !('IntersectionObserver' in window)) {
      elements.forEach(reveal);
      return;
    }
    const inFirstScreen = (top: number) => top < window.innerHeight * REVEAL_VIEWPORT_RATIO;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting || inFirstScreen(entry.boundingClientRect.top)) {
            reveal(entry.target);
            observer.unobserve(entry.target);
          }
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    for (const element of elements) {
      if (inFirstScreen(element.getBoundingClientRect().top)) reveal(element);
      else observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);
}
