import { HeaderBar } from '@/components/header-bar';
import type { NavItem } from '@/components/header/nav-item';
import type { SpiedSection } from '@/components/header/use-header-scroll';
import { homeSections } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { homeSectionHref, localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

/** Server part of the header: translates and builds the links; the bar itself reacts to scroll. */
export function SiteHeader({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  const sectionLinks: NavItem[] = homeSections.flatMap((section) =>
    section.nav
      ? [
          {
            label: t(`common.nav.${section.nav}`),
            // Home is the language-prefixed home itself, the others its sections' anchors.
            href: section.id === 'accueil' ? `/${locale}/` : homeSectionHref(locale, section.id),
            sectionId: section.id,
          },
        ]
      : [],
  );
  // News sits before Contact in the header.
  const news: NavItem = { label: t('common.nav.news'), href: localizedPath(locale, '/actualites') };
  const items = [...sectionLinks.slice(0, -1), news, ...sectionLinks.slice(-1)];
  // A section without a link of its own (the expertise list) lights up the link before it (the
  // overview's).
  const sections: SpiedSection[] = [];
  for (const { id, nav } of homeSections)
    sections.push({ id, link: nav ? id : (sections[sections.length - 1]?.link ?? id) });

  return (
    <HeaderBar
      locale={locale}
      items={items}
      sections={sections}
      homeHref={localizedPath(locale, '/')}
      labels={{
        nav: t('common.nav.label'),
        homeLink: t('common.nav.homeLink'),
        openMenu: t('common.nav.openMenu'),
        closeMenu: t('common.nav.closeMenu'),
        switchLanguage: t('common.language.switchTo'),
      }}
    />
  );
}
