'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { splashSeenCookie, splashSeenIn } from '@/lib/session-cookie';

const noSubscription = () => () => {};

function notYetSeen(): boolean {
  // The server already left the splash out once it was closed; this covers a page rendered
  // before it was closed in another tab of the same session.
  return !splashSeenIn(document.cookie);
}

/**
 * Entry splash (SPEC 2.3): a modal dialog shown once per browser session. The home page renders
 * it only while the session cookie is absent, and it opens after hydration, so that the page's
 * own paint comes first; closing it sets the cookie for the rest of the session.
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
  // The server never shows it; the browser opens it unless this session already closed it.
  const firstVisit = useSyncExternalStore(noSubscription, notYetSeen, () => false);
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
    document.cookie = splashSeenCookie(window.location.protocol === 'https:');
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
