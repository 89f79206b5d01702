import type { Locale } from '@/lib/i18n/locales';

/**
 * The visitor's language from Accept-Language, the same rule as a first visit's language:
 * French when the first language starts with 'fr', otherwise English; French when absent.
 */
export function acceptLanguageLocale(header: string | null): Locale {
  const first = header?.split(',')[0]?.trim().toLowerCase();
  if (!first || first === '*') return 'fr';
  return first.startsWith('fr') ? 'fr' : 'en';
}
