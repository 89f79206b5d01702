import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

export function NotFoundView({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  return (
    <div
      className="mx-auto flex min-h-[60vh] max-w-3xl flex-col justify-center px-4 py-16 sm:px-6"
      data-testid="not-found"
    >
      <h1 className="text-4xl sm:text-5xl">{t('common.notFound.title')}</h1>
      <p className="text-muted mt-4 text-lg">{t('common.notFound.hint')}</p>
      <p className="mt-8">
        <a
          href={localizedPath(locale, '/')}
          className="bg-ink hover:bg-accent-strong inline-flex min-h-11 items-center rounded px-6 font-semibold text-white"
        >
          {t('common.notFound.home')}
        </a>
      </p>
    </div>
  );
}
