'use client';

import { useEffect, useRef, useState } from 'react';

/** Tailwind's md breakpoint: from here the header shows its own navigation and no burger. */
const WIDE_SCREEN = '(min-width: 48rem)';

/**
 * The phone menu, a modal <dialog>: the browser moves focus into it, closes it on Escape, makes
 * the page behind it inert and gives focus back on close. Here: whether it is open (for the
 * burger's state), and closing it when the window widens past the md breakpoint, where it is not
 * drawn but would leave the page inert.
 */
export function useMobileMenu() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(WIDE_SCREEN);
    const onChange = () => {
      if (wide.matches) dialogRef.current?.close();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  const show = () => {
    // Safari does not focus a clicked button, and the dialog gives focus back to whatever had it.
    burgerRef.current?.focus();
    dialogRef.current?.showModal();
    setOpen(true);
  };

  return {
    open,
    show,
    close: () => dialogRef.current?.close(),
    dialogRef,
    burgerRef,
    onClose: () => setOpen(false),
  };
}
