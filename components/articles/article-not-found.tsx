import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

/** 'Article not found' with its back link to /{lang}/blog (SPEC 2.5, 8). */
export function ArticleNotFound({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6" data-testid="article-not-found">
      <h1 className="text-4xl">{t('articles.article.notFound')}</h1>
      <p className="text-muted mt-4 text-lg">{t('articles.article.notFoundHint')}</p>
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
