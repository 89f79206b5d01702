'use client';

import { Icon } from '@/components/ui/icon';
import Image from 'next/image';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { trackEvent } from '@/lib/analytics/events';
import { otherLocale, type Locale } from '@/lib/i18n/locales';
import { splitPath, toggleHref } from '@/lib/i18n/paths';
import { HEADER_SOLID_AFTER_PX, SECTION_DETECTION_OFFSET_PX, scrollToId } from '@/lib/scroll';

export interface NavItem {
  label: string;
  href: string;
  /** Home-page section the link points to, for highlighting. */
  sectionId?: string;
}

interface Labels {
  nav: string;
  homeLink: string;
  openMenu: string;
  closeMenu: string;
  switchLanguage: string;
}

function useScrollState(enabledSections: string[]) {
  const [solid, setSolid] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    const update = () => {
      setSolid(window.scrollY > HEADER_SOLID_AFTER_PX);
      if (enabledSections.length === 0) return setActive(null);
      const position = window.scrollY + SECTION_DETECTION_OFFSET_PX;
      let current: string | null = null;
      for (const id of enabledSections) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top + window.scrollY <= position)
          current = id;
      }
      setActive(current);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [enabledSections]);
  return { solid, active };
}

const HOME_SECTIONS = ['accueil', 'a-propos', 'intro', 'expertises', 'presse', 'contact'];
const NO_SECTIONS: string[] = [];

export function HeaderBar({
  locale,
  items,
  homeHref,
  labels,
}: {
  locale: Locale;
  items: NavItem[];
  homeHref: string;
  labels: Labels;
}) {
  const pathname = usePathname() ?? '/';
  const isHome = splitPath(pathname).rest === '/';
  const { solid, active } = useScrollState(isHome ? HOME_SECTIONS : NO_SECTIONS);
  // The section link for 'expertises' is the overview's ('intro'): highlight it for both blocks.
  const activeSection = active === 'expertises' ? 'intro' : active;
  const [menuOpen, setMenuOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const target = otherLocale(locale);

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) burgerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const menu = menuRef.current;
    const focusable = () =>
      Array.from(menu?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []);
    focusable()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeMenu(true);
      } else if (event.key === 'Tab') {
        const elements = focusable();
        const first = elements[0];
        const last = elements[elements.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [menuOpen, closeMenu]);

  const onToggleLanguage = (event: React.MouseEvent<HTMLAnchorElement>) => {
    trackEvent('language_change', 'engagement', `Switch to ${target}`);
    // Keep the query and the #anchor the visitor is at (SPEC 2.1); the server-rendered href
    // knows neither.
    const { pathname: path, search, hash } = window.location;
    const href = toggleHref(`${path}${search}${hash}`);
    if (href !== event.currentTarget.getAttribute('href')) {
      event.preventDefault();
      window.location.assign(href);
    }
  };

  // The accessible name starts with the visible "FR / EN" (WCAG 2.5.3, Label in Name: a
  // voice-control user says what they see), then says where the link goes.
  const toggle = (
    <a
      href={toggleHref(pathname)}
      hrefLang={target}
      lang={target}
      onClick={onToggleLanguage}
      data-testid="language-toggle"
      className="border-line hover:border-accent inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded border px-3 text-sm font-semibold tracking-wide"
    >
      <span className={locale === 'fr' ? 'text-ink' : 'text-muted'}>FR</span>{' '}
      <span className="text-muted">/</span>{' '}
      <span className={locale === 'en' ? 'text-ink' : 'text-muted'}>EN</span>
      <span className="sr-only"> — {labels.switchLanguage}</span>
    </a>
  );

  // On the home page, a section link without #anchor (Home) scrolls like the others, no reload.
  const onItemClick = (event: React.MouseEvent<HTMLAnchorElement>, item: NavItem) => {
    if (!isHome || !item.sectionId || item.href.includes('#')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    if (scrollToId(item.sectionId)) event.preventDefault();
  };

  const linkClass = (item: NavItem) =>
    `relative py-2 text-sm font-medium transition-colors hover:text-accent-strong ${
      item.sectionId && item.sectionId === activeSection
        ? 'text-accent-strong after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:bg-accent'
        : 'text-ink'
    }`;

  return (
    <header
      data-testid="site-header"
      data-solid={solid ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-50 transition-[background-color,box-shadow] duration-300 ${
        solid ? 'bg-white shadow-md' : 'bg-paper/95'
      }`}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-4 sm:px-6">
        <a href={homeHref} aria-label={labels.homeLink} className="flex shrink-0 items-center py-3">
          <Image
            src="/images/logo.svg"
            alt=""
            width={220}
            height={48}
            loading="eager"
            unoptimized
            data-testid="site-logo"
            className={`w-auto transition-[height] duration-300 ${solid ? 'h-8' : 'h-11'}`}
          />
        </a>
        <nav aria-label={labels.nav} className="hidden md:block">
          <ul className="flex items-center gap-6">
            {items.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  onClick={(event) => onItemClick(event, item)}
                  className={linkClass(item)}
                  aria-current={
                    item.sectionId && item.sectionId === activeSection ? 'location' : undefined
                  }
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {toggle}
          <button
            ref={burgerRef}
            type="button"
            className="border-line inline-flex min-h-11 min-w-11 items-center justify-center rounded border md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? labels.closeMenu : labels.openMenu}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name="menu" />
          </button>
        </div>
      </div>
      <div
        ref={menuRef}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={labels.nav}
        hidden={!menuOpen}
        className="fixed inset-0 z-50 flex flex-col bg-white px-6 py-4 md:hidden"
      >
        <div className="flex items-center justify-between">
          {toggle}
          <button
            type="button"
            className="border-line inline-flex min-h-11 min-w-11 items-center justify-center rounded border"
            aria-label={labels.closeMenu}
            onClick={() => closeMenu(true)}
          >
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label={labels.nav} className="mt-10">
          <ul className="flex flex-col gap-2">
            {items.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  className="text-ink hover:text-accent-strong block py-3 font-serif text-2xl"
                  onClick={(event) => {
                    // Unlock the page now, so the section scroll that follows this click can run.
                    document.body.style.overflow = '';
                    closeMenu(false);
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
    </header>
  );
}
