import type { Locale } from '@/lib/i18n/locales';

/** The rule of a first visit's language: French when the first language is French, or none. */
export function acceptLanguageLocale(header: string | null): Locale {
  const first = header?.split(',')[0]?.trim().toLowerCase();
  if (!first || first === '*') return 'fr';
  return first.startsWith('fr') ? 'fr' : 'en';
}
