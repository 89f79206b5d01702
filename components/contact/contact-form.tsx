import type { Locale } from '@/lib/i18n/locales';

/**
 * The contact form's place in the home page's contact section (SPEC 2.3). The contact issue
 * replaces this with the real form; until then the section shows the contact details only.
 */
export function ContactForm({ locale }: { locale: Locale }) {
  void locale;
  return null;
}
