import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

const views = {
  notFound: {
    title: 'articles.article.notFound',
    hint: 'articles.article.notFoundHint',
    testId: 'article-not-found',
  },
  error: {
    title: 'articles.article.error',
    hint: 'articles.article.errorHint',
    testId: 'article-error',
  },
} as const;

/**
 * The article page when there is no article to show: 'Article not found', or
 * 'Error loading article' while the sheet has never loaded; both with the back link to /{lang}/blog.
 */
export function ArticleStatusView({ locale, kind }: { locale: Locale; kind: keyof typeof views }) {
  const t = getTranslator(locale);
  const view = views[kind];
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6" data-testid={view.testId}>
      <h1 className="text-4xl">{t(view.title)}</h1>
      <p className="text-muted mt-4 text-lg">{t(view.hint)}</p>
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
