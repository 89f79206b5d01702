import { notFound } from 'next/navigation';
import { isLocale, type Locale } from './locales';

/** The guard every page uses: an unknown language is a 404. */
export async function localeParam(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return locale;
}
