'use client';

import { trackEvent } from '@/lib/analytics/events';
import { otherLocale, type Locale } from '@/lib/i18n/locales';
import { toggleHref } from '@/lib/i18n/paths';

/**
 * The header's "FR / EN" link to the same page in the other language. Its accessible name starts
 * with the visible "FR / EN" (WCAG 2.5.3, Label in Name: a voice-control user says what they
 * see), then says where the link goes.
 */
export function LanguageToggle({
  locale,
  pathname,
  label,
}: {
  locale: Locale;
  pathname: string;
  label: string;
}) {
  const target = otherLocale(locale);

  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    trackEvent('language_change', 'engagement', `Switch to ${target}`);
    // The other language keeps the query and the #anchor the visitor is at; the server-rendered
    // href knows neither.
    const { pathname: path, search, hash } = window.location;
    const href = toggleHref(`${path}${search}${hash}`);
    if (href !== event.currentTarget.getAttribute('href')) {
      event.preventDefault();
      window.location.assign(href);
    }
  };

  return (
    <a
      href={toggleHref(pathname)}
      hrefLang={target}
      lang={target}
      onClick={onClick}
      data-testid="language-toggle"
      className="border-line hover:border-accent inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded border px-3 text-sm font-semibold tracking-wide"
    >
      <span className={locale === 'fr' ? 'text-ink' : 'text-muted'}>FR</span>{' '}
      <span className="text-muted">/</span>{' '}
      <span className={locale === 'en' ? 'text-ink' : 'text-muted'}>EN</span>
      <span className="sr-only"> — {label}</span>
    </a>
  );
}
