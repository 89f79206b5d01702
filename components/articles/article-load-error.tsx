import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

/** 'Error loading article' with its back link to /{lang}/blog (SPEC 2.5, 8). */
export function ArticleLoadError({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6" data-testid="article-error">
      <h1 className="text-4xl">{t('articles.article.error')}</h1>
      <p className="text-muted mt-4 text-lg">{t('articles.article.errorHint')}</p>
      <p className="mt-8">
        <a
          href={localizedPath(locale, '/blog')}
          className="bg-ink hover:bg-accent-strong inline-flex min-h-11 items-center rounded px-6 font-semibold text-white"
        >
          {t('articles.article.back')}
        </a>
      </p>
    </div>
  );
}
