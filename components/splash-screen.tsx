'use client';

import { useEffect, useRef, useState } from 'react';
import { splashSeenCookie, splashSeenIn } from '@/lib/session-cookie';

/**
 * Entry splash: a modal dialog shown once per browser session. The home page sends it
 * only while the session cookie is absent, closed (a closed dialog is neither drawn nor laid
 * out, and without JavaScript it never shows); once the page is hydrated it opens in a task of
 * its own, so that the page's first paint comes first and the dialog's layout does not lengthen
 * the hydration task. Closing it sets the cookie for the rest of the session.
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
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const dialog = dialogRef.current;
      // The server left the splash out once it was closed; this covers a page rendered before it
      // was closed in another tab of the same session.
      if (!dialog || dialog.open || splashSeenIn(document.cookie)) return;
      dialog.showModal();
      enterRef.current?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

  const dismiss = () => {
    document.cookie = splashSeenCookie(window.location.protocol === 'https:');
    dialogRef.current?.close();
    setDismissed(true);
  };

  if (dismissed) return null;

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
