'use client';

import { Icon } from '@/components/ui/icon';
import { consentCategories } from '@/lib/consent/model';
import type { Locale } from '@/lib/i18n/locales';
import { ConsentCategories } from './consent-categories';
import { useConsentBanner } from './use-consent-banner';

const choiceButton =
  'inline-flex min-h-11 items-center justify-center rounded px-4 py-2 text-sm font-semibold';
// 'Accept all' and 'Refuse all' share one look: refusing is as easy as accepting (CNIL).
const primaryButton = `${choiceButton} bg-ink text-white hover:bg-accent-strong`;
const secondaryButton = `${choiceButton} border border-ink text-ink hover:bg-paper`;

/**
 * The cookie banner of every page, drawn by the browser only (its state and texts in
 * useConsentBanner). It overlays the page (fixed) and never takes the focus by itself; it stays
 * above the back-to-top button on narrow screens and left of it on wider ones. Escape or its close
 * button dismiss it.
 */
export function ConsentBanner({ locale }: { locale: Locale }) {
  const { texts, view, failed, chosen, regionRef, store, showView, choose } =
    useConsentBanner(locale);
  if (!texts) return null;
  const { main: labels, customise } = texts;

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
        <ConsentCategories labels={customise} chosen={chosen} choose={choose} />
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
            {customise.save}
          </button>
          <button type="button" className={secondaryButton} onClick={() => showView('main')}>
            {customise.cancel}
          </button>
        </div>
      )}
    </section>
  );
}
