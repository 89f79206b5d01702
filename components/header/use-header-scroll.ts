'use client';

import { useEffect, useState } from 'react';
import { HEADER_SOLID_AFTER_PX, SECTION_DETECTION_OFFSET_PX } from '@/lib/scroll';

/** A home-page section and the header link that lights up while the visitor reads it. */
export interface SpiedSection {
  id: string;
  link: string;
}

/**
 * What the header shows of the scroll: solid once the page has moved more than 20 px, and the
 * link of the section being read (the last whose top has passed 100 px below the viewport's top),
 * among `sections` (none off the home page).
 */
export function useHeaderScroll(sections: readonly SpiedSection[] | undefined) {
  const [solid, setSolid] = useState(false);
  const [activeLink, setActiveLink] = useState<string | null>(null);
  useEffect(() => {
    const update = () => {
      setSolid(window.scrollY > HEADER_SOLID_AFTER_PX);
      const position = window.scrollY + SECTION_DETECTION_OFFSET_PX;
      let current: string | null = null;
      for (const { id, link } of sections ?? []) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top + window.scrollY <= position)
          current = link;
      }
      setActiveLink(current);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [sections]);
  return { solid, activeLink };
}
