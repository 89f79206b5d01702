'use client';

import { Icon } from '@/components/ui/icon';
import Image from 'next/image';
import { usePathname } from 'next/navigation';
import { LanguageToggle } from '@/components/header/language-toggle';
import { MobileMenu } from '@/components/header/mobile-menu';
import type { NavItem } from '@/components/header/nav-item';
import { useHeaderScroll, type SpiedSection } from '@/components/header/use-header-scroll';
import { useMobileMenu } from '@/components/header/use-mobile-menu';
import type { Locale } from '@/lib/i18n/locales';
import { splitPath } from '@/lib/i18n/paths';
import { isPlainClick, scrollToId } from '@/lib/scroll';

interface Labels {
  nav: string;
  homeLink: string;
  openMenu: string;
  closeMenu: string;
  switchLanguage: string;
}

export function HeaderBar({
  locale,
  items,
  sections,
  homeHref,
  labels,
}: {
  locale: Locale;
  items: NavItem[];
  /** The home page's sections, in order, each with the link it lights up. */
  sections: SpiedSection[];
  homeHref: string;
  labels: Labels;
}) {
  const pathname = usePathname() ?? '/';
  const isHome = splitPath(pathname).rest === '/';
  const { solid, activeLink } = useHeaderScroll(isHome ? sections : undefined);
  const { open, show, close, dialogRef, burgerRef, onClose } = useMobileMenu();
  const toggle = (
    <LanguageToggle locale={locale} pathname={pathname} label={labels.switchLanguage} />
  );

  // On the home page, a section link without #anchor (Home) scrolls like the others, no reload.
  const onItemClick = (event: React.MouseEvent<HTMLAnchorElement>, item: NavItem) => {
    if (!isHome || !item.sectionId || item.href.includes('#') || !isPlainClick(event)) return;
    if (scrollToId(item.sectionId)) event.preventDefault();
  };

  const isActive = (item: NavItem) => item.sectionId !== undefined && item.sectionId === activeLink;

  return (
    <header
      data-testid="site-header"
      data-solid={solid ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-50 transition-[background-color,box-shadow] duration-300 ${
        solid ? 'bg-white shadow-md' : 'bg-paper/95'
      }`}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-4 sm:px-6">
        {/* Named by the logo's own alt text, which every checker and older reader takes as the
            link's name (an aria-label over an empty alt is not read by all). The margin keeps
            its focus ring inside the window. */}
        <a href={homeHref} className="my-2 flex shrink-0 items-center py-1">
          <Image
            src="/images/logo.svg"
            alt={labels.homeLink}
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
                  className={`hover:text-accent-strong relative py-2 text-sm font-medium transition-colors ${
                    isActive(item)
                      ? 'text-accent-strong after:bg-accent after:absolute after:inset-x-0 after:bottom-0 after:h-0.5'
                      : 'text-ink'
                  }`}
                  aria-current={isActive(item) ? 'location' : undefined}
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
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? labels.closeMenu : labels.openMenu}
            onClick={show}
          >
            <Icon name="menu" />
          </button>
        </div>
      </div>
      <MobileMenu
        dialogRef={dialogRef}
        onClose={onClose}
        close={close}
        label={labels.nav}
        closeLabel={labels.closeMenu}
        toggle={toggle}
        items={items}
        onItemClick={onItemClick}
      />
    </header>
  );
}
