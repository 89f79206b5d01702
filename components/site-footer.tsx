import { CookieSettingsButton } from '@/components/consent/cookie-settings-button';
import { SubscribeForm } from '@/components/letters/subscribe-form';
import { copyrightYears, firm, formatAddress, telHref } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

export function SiteFooter({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  const legalLinks = [
    { href: localizedPath(locale, '/mentions-legales'), label: t('common.footer.legalNotice') },
    {
      href: localizedPath(locale, '/politique-confidentialite'),
      label: t('common.footer.privacy'),
    },
    { href: localizedPath(locale, '/politique-cookies'), label: t('common.footer.cookies') },
  ];

  return (
    <footer
      aria-label={t('common.footer.label')}
      // On the dark footer the focus ring is white (app/globals.css).
      className="border-line bg-ink border-t text-white [--focus-ring:white]"
      data-testid="site-footer"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3">
        <div>
          <p className="font-serif text-xl">{firm.name}</p>
          <p className="mt-2 text-sm text-white/80">{t('common.footer.profession')}</p>
          <p className="mt-4 text-sm text-white/80">{firm.tagline[locale]}</p>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-widest text-white/70 uppercase">
            {t('common.footer.addressHeading')}
          </h2>
          <address className="mt-3 text-sm leading-relaxed not-italic">
            {formatAddress(locale)}
            <br />
            <a href={`mailto:${firm.email}`} className="underline-offset-4 hover:underline">
              {firm.email}
            </a>
            <br />
            <a href={telHref(firm.phone)} className="underline-offset-4 hover:underline">
              {firm.phone}
            </a>
          </address>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-widest text-white/70 uppercase">
            {t('common.footer.linksHeading')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href="/blog" className="underline-offset-4 hover:underline">
                {t('common.footer.blog')}
              </a>
            </li>
            <li>
              <a
                href={firm.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                className="underline-offset-4 hover:underline"
              >
                {t('common.footer.linkedin')}{' '}
                <span className="sr-only">{t('common.footer.newTab')}</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <SubscribeForm locale={locale} dark className="mx-auto max-w-6xl px-4 pb-12 sm:px-6" />
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-white/80 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>{t('common.footer.copyright', { year: copyrightYears() })}</p>
          <nav aria-label={t('common.footer.legalLabel')}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2" data-testid="legal-links">
              {legalLinks.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="underline-offset-4 hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <CookieSettingsButton
                  label={t('consent.settings')}
                  className="cursor-pointer underline-offset-4 hover:underline"
                />
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
