'use client';

import { Icon } from '@/components/ui/icon';
import type { NavItem } from '@/components/header/nav-item';

/**
 * The phone menu: a full-screen modal <dialog>, only below the md breakpoint (md:hidden keeps it
 * undrawn above, even if left open). Closed, it is neither drawn nor laid out, so it is never the
 * page's Largest Contentful Paint and never shifts it; while it is open the page behind it stays
 * still (app/globals.css). A choice closes it before the page goes where the link says.
 */
export function MobileMenu({
  dialogRef,
  onClose,
  close,
  label,
  closeLabel,
  toggle,
  items,
  onItemClick,
}: {
  dialogRef: React.RefObject<HTMLDialogElement | null>;
  onClose: () => void;
  close: () => void;
  label: string;
  closeLabel: string;
  toggle: React.ReactNode;
  items: NavItem[];
  onItemClick: (event: React.MouseEvent<HTMLAnchorElement>, item: NavItem) => void;
}) {
  return (
    <dialog
      ref={dialogRef}
      id="mobile-menu"
      aria-label={label}
      onClose={onClose}
      className="text-ink fixed inset-0 m-0 h-auto max-h-none w-auto max-w-none bg-white p-0 md:hidden"
    >
      <div className="flex min-h-full flex-col px-6 py-4">
        <div className="flex items-center justify-between">
          {toggle}
          <button
            type="button"
            className="border-line inline-flex min-h-11 min-w-11 items-center justify-center rounded border"
            aria-label={closeLabel}
            onClick={close}
          >
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label={label} className="mt-10">
          <ul className="flex flex-col gap-2">
            {items.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  className="text-ink hover:text-accent-strong block py-3 font-serif text-2xl"
                  onClick={(event) => {
                    close();
                    onItemClick(event, item);
                  }}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
