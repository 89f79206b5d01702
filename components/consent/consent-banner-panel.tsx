'use client';

import { Icon } from '@/components/ui/icon';
import { useEffect, useId, useRef, useState } from 'react';
import {
  CONSENT_BANNER_DELAY_MS,
  consentCategories,
  grantedCategories,
  needsConsentChoice,
  OPEN_CONSENT_EVENT,
  type ConsentCategory,
  type ConsentStatus,
} from '@/lib/consent/model';
import { saveConsent } from '@/lib/consent/storage';

export interface ConsentBannerLabels {
  label: string;
  title: string;
  text: string;
  policyLink: string;
  policyHref: string;
  acceptAll: string;
  refuseAll: string;
  customise: string;
  close: string;
  customiseTitle: string;
  customiseText: string;
  legend: string;
  alwaysOn: string;
  save: string;
  cancel: string;
  storageFailed: string;
  categories: { category: ConsentCategory; name: string; purpose: string }[];
}

type View = 'main' | 'customise';

const choiceButton =
  'inline-flex min-h-11 items-center justify-center rounded px-4 py-2 text-sm font-semibold';
// 'Accept all' and 'Refuse all' share one look: refusing is as easy as accepting (CNIL).
const primaryButton = `${choiceButton} bg-ink text-white hover:bg-accent-strong`;
const secondaryButton = `${choiceButton} border border-ink text-ink hover:bg-paper`;

/**
 * The banner itself: hidden at first, shown after 1500 ms when no choice is in force, or at once
 * when 'Cookie settings' asks for it. It overlays the page (fixed) and never takes the focus by
 * itself; it stays above the back-to-top button on narrow screens and left of it on wider ones.
 */
export function ConsentBannerPanel({ labels }: { labels: ConsentBannerLabels }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('main');
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<Set<ConsentCategory>>(() => new Set(['necessary']));
  const [focusRequest, setFocusRequest] = useState(0);
  const regionRef = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const baseId = useId();

  useEffect(() => {
    const timer = needsConsentChoice(document.cookie)
      ? window.setTimeout(() => setOpen(true), CONSENT_BANNER_DELAY_MS)
      : undefined;
    const onOpen = () => {
      window.clearTimeout(timer);
      if (document.activeElement instanceof HTMLElement)
        returnFocusTo.current = document.activeElement;
      setView('main');
      setFailed(false);
      setOpen(true);
      setFocusRequest((count) => count + 1);
    };
    window.addEventListener(OPEN_CONSENT_EVENT, onOpen);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener(OPEN_CONSENT_EVENT, onOpen);
    };
  }, []);

  // Focus moves into the banner only when the visitor asked for it (Cookie settings, Customise, Cancel).
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

  /** Stores the choice and closes; false when the browser refused the cookie (SPEC 8). */
  const store = (status: ConsentStatus, categories: Iterable<ConsentCategory>): boolean => {
    if (!saveConsent(status, categories)) {
      setFailed(true);
      return false;
    }
    close();
    return true;
  };

  const showView = (next: View) => {
    if (next === 'customise') setChosen(grantedCategories(document.cookie));
    setView(next);
    setFailed(false);
    setFocusRequest((count) => count + 1);
  };

  if (!open) return null;

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label={labels.label}
      tabIndex={-1}
      data-testid="consent-banner"
      data-view={view}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        store('dismissed', []);
      }}
      className="border-line text-ink fixed inset-x-4 bottom-20 z-40 max-h-[calc(100dvh-10rem)] overflow-y-auto rounded-lg border bg-white p-4 shadow-2xl sm:right-auto sm:bottom-4 sm:max-h-[calc(100dvh-7rem)] sm:w-[28rem] sm:p-5"
    >
      <button
        type="button"
        aria-label={labels.close}
        onClick={() => store('dismissed', [])}
        className="text-ink hover:bg-paper absolute top-2 right-2 inline-flex h-11 w-11 items-center justify-center rounded"
      >
        <Icon name="close" size={20} />
      </button>

      {view === 'main' ? (
        <>
          <h2 className="pr-12 text-lg sm:text-xl">{labels.title}</h2>
          {/* Two paragraphs: each stays smaller than the hero's text, so the banner, which appears
              after 1500 ms, does not become the home page's Largest Contentful Paint. */}
          <p className="text-muted mt-2 text-sm leading-relaxed">{labels.text}</p>
          <p className="mt-1 text-sm">
            <a
              href={labels.policyHref}
              className="text-ink font-medium underline underline-offset-4"
            >
              {labels.policyLink}
            </a>
          </p>
        </>
      ) : (
        <>
          <h2 className="pr-12 text-lg sm:text-xl">{labels.customiseTitle}</h2>
          <p className="text-muted mt-2 text-sm leading-relaxed">{labels.customiseText}</p>
          <fieldset className="mt-4">
            <legend className="sr-only">{labels.legend}</legend>
            <ul className="space-y-3">
              {labels.categories.map(({ category, name, purpose }) => {
                const required = category === 'necessary';
                const id = `${baseId}-${category}`;
                return (
                  <li key={category} className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      id={id}
                      name={category}
                      checked={required || chosen.has(category)}
                      disabled={required}
                      aria-describedby={`${id}-purpose`}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(category);
                        else next.delete(category);
                        setChosen(next);
                      }}
                      className="accent-ink mt-0.5 h-6 w-6 shrink-0"
                    />
                    <div>
                      <label htmlFor={id} className="font-semibold">
                        {name}
                        {required ? ` (${labels.alwaysOn})` : null}
                      </label>
                      <p id={`${id}-purpose`} className="text-muted text-sm">
                        {purpose}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        </>
      )}

      {failed ? (
        <p
          role="alert"
          data-testid="consent-error"
          className="mt-4 rounded border border-red-800 bg-red-50 p-3 text-sm text-red-900"
        >
          {labels.storageFailed}
        </p>
      ) : null}

      {view === 'main' ? (
        <>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <button
              type="button"
              className={primaryButton}
              onClick={() => store('accepted', consentCategories)}
            >
              {labels.acceptAll}
            </button>
            {/* Refusing is a choice, kept as long as acceptance (CNIL): the same record as saving
                preferences with nothing ticked. */}
            <button type="button" className={primaryButton} onClick={() => store('accepted', [])}>
              {labels.refuseAll}
            </button>
          </div>
          <button
            type="button"
            className={`${secondaryButton} mt-3 w-full`}
            onClick={() => showView('customise')}
          >
            {labels.customise}
          </button>
        </>
      ) : (
        <div className="mt-4 grid grid-cols-2 gap-3">
          <button type="button" className={primaryButton} onClick={() => store('accepted', chosen)}>
            {labels.save}
          </button>
          <button type="button" className={secondaryButton} onClick={() => showView('main')}>
            {labels.cancel}
          </button>
        </div>
      )}
    </section>
  );
}
