import { localeTags, type Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { parisTimeOf } from './dates';

export function formatArticleDate(iso: string, locale: Locale): string {
  const formatted = new Intl.DateTimeFormat(localeTags[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
  // French writes the first day of a month '1er'.
  return locale === 'fr' ? formatted.replace(/^1 /, '1er ') : formatted;
}

export function articleHref(locale: Locale, slug: string): string {
  return localizedPath(locale, `/blog/${encodeURIComponent(slug)}`);
}

/** An instant's Paris time of day: '8 h 30' in French, '8:30' in English. */
export function formatArticleTime(iso: string, locale: Locale): string {
  const { hour, minute } = parisTimeOf(iso);
  const minutes = String(minute).padStart(2, '0');
  return locale === 'fr' ? `${hour}\u00a0h\u00a0${minutes}` : `${hour}:${minutes}`;
}

export function formatArticleDay(iso: string, locale: Locale): string {
  return formatArticleDate(parisTimeOf(iso).day, locale);
}
