export const locales = ['fr', 'en'] as const;
export type Locale = (typeof locales)[number];

/** French is the base language: unprefixed paths are French. */
export const defaultLocale: Locale = 'fr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'fr' ? 'en' : 'fr';
}

export const localeTags: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' };
