'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

export const SPLASH_STORAGE_KEY = 'sa-splash-dismissed';

const noSubscription = () => () => {};

function notYetDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(SPLASH_STORAGE_KEY) !== '1';
  } catch {
    return true;
  }
}

/**
 * Entry splash (SPEC 2.3): shown once per browser session as a modal dialog, after hydration, so
 * a visitor who already dismissed it never sees it flash and the page's own paint comes first.
 */
export function SplashScreen({
  label,
  enterLabel,
  children,
}: {
  label: string;
  enterLabel: string;
  /** The splash content, rendered on the server (logo, tagline, description, photo, toggle). */
  children: React.ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const enterRef = useRef<HTMLButtonElement>(null);
  // The server never shows it; the browser shows it unless this session already dismissed it.
  const firstVisit = useSyncExternalStore(noSubscription, notYetDismissed, () => false);
  const [dismissed, setDismissed] = useState(false);
  const open = firstVisit && !dismissed;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) {
      dialog.showModal();
      enterRef.current?.focus();
    }
  }, [open]);

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(SPLASH_STORAGE_KEY, '1');
    } catch {
      // Storage refused (private mode): the splash simply shows again on the next visit.
    }
    dialogRef.current?.close();
    setDismissed(true);
  };

  if (!open) return null;

  return (
    <dialog
      ref={dialogRef}
      aria-label={label}
      data-testid="splash"
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      className="bg-paper text-ink backdrop:bg-ink/60 m-0 h-dvh max-h-none w-screen max-w-none p-0"
    >
      <div className="mx-auto flex min-h-full max-w-4xl flex-col items-center justify-center gap-8 px-6 py-10 text-center">
        {children}
        <button
          type="button"
          ref={enterRef}
          onClick={dismiss}
          className="bg-ink hover:bg-accent-strong min-h-12 rounded px-8 py-3 font-semibold text-white"
        >
          {enterLabel}
        </button>
      </div>
    </dialog>
  );
}
