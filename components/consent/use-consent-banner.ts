'use client';

import { useEffect, useRef, useState } from 'react';
import {
  CONSENT_BANNER_DELAY_MS,
  grantedCategories,
  needsConsentChoice,
  OPEN_CONSENT_EVENT,
  type ConsentCategory,
  type ConsentStatus,
} from '@/lib/consent/model';
import { saveConsent } from '@/lib/consent/storage';
import type { Locale } from '@/lib/i18n/locales';
import type { BannerLabels } from './labels';

export type ConsentBannerView = 'main' | 'customise';

/** The banner's texts come with their own code, fetched once it is due: none is in a page. */
const loadLabels = () => import('./banner-labels');

/**
 * The banner's state: hidden at first, shown after 1500 ms when no choice is in force, or at once
 * when 'Cookie settings' asks for it, each time once its texts are in (fetched from the first
 * moment it is due). It takes the focus only when the visitor asked for it (Cookie settings,
 * Customise, Cancel), and gives it back on close.
 */
export function useConsentBanner(locale: Locale) {
  const [labels, setLabels] = useState<BannerLabels | null>(null);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<ConsentBannerView>('main');
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<Set<ConsentCategory>>(() => new Set(['necessary']));
  const [focusRequest, setFocusRequest] = useState(0);
  const regionRef = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    let mounted = true;
    // Shown once its texts are in. If they cannot be fetched, no banner: no choice is stored, so
    // only the necessary cookies are used, and 'Cookie settings' tries again.
    const show = (texts: ReturnType<typeof loadLabels>, then: () => void) =>
      void texts.then(
        ({ bannerLabels }) => {
          if (!mounted) return;
          setLabels(bannerLabels[locale]);
          then();
        },
        (error: unknown) =>
          console.warn(`[consent] the banner could not be shown: ${String(error)}`),
      );
    let timer: number | undefined;
    if (needsConsentChoice(document.cookie)) {
      // Fetched at once, shown after the delay.
      const delay = new Promise((resolve) => {
        timer = window.setTimeout(resolve, CONSENT_BANNER_DELAY_MS);
      });
      show(
        Promise.all([loadLabels(), delay]).then(([texts]) => texts),
        () => setOpen(true),
      );
    }
    const onOpen = () => {
      window.clearTimeout(timer);
      if (document.activeElement instanceof HTMLElement)
        returnFocusTo.current = document.activeElement;
      show(loadLabels(), () => {
        setView('main');
        setFailed(false);
        setOpen(true);
        setFocusRequest((count) => count + 1);
      });
    };
    window.addEventListener(OPEN_CONSENT_EVENT, onOpen);
    return () => {
      mounted = false;
      window.clearTimeout(timer);
      window.removeEventListener(OPEN_CONSENT_EVENT, onOpen);
    };
  }, [locale]);

  useEffect(() => {
    if (focusRequest > 0) regionRef.current?.focus();
  }, [focusRequest]);

  const close = () => {
    if (regionRef.current?.contains(document.activeElement)) {
      const target = returnFocusTo.current?.isConnected
        ? returnFocusTo.current
        : document.getElementById('main');
      target?.focus({ preventScroll: true });
    }
    returnFocusTo.current = null;
    setOpen(false);
    setView('main');
    setFailed(false);
  };

  /** Stores the choice and closes; when the browser refuses the cookie, says so and stays open. */
  const store = (status: ConsentStatus, categories: Iterable<ConsentCategory>) => {
    if (!saveConsent(status, categories)) return setFailed(true);
    close();
  };

  const showView = (next: ConsentBannerView) => {
    if (next === 'customise') setChosen(grantedCategories(document.cookie));
    setView(next);
    setFailed(false);
    setFocusRequest((count) => count + 1);
  };

  const choose = (category: ConsentCategory, granted: boolean) => {
    const next = new Set(chosen);
    if (granted) next.add(category);
    else next.delete(category);
    setChosen(next);
  };

  return { texts: open ? labels : null, view, failed, chosen, regionRef, store, showView, choose };
}
