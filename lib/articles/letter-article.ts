import 'server-only';
import { config } from '@/lib/config';
import type { Locale } from '@/lib/i18n/locales';
import { articleStore, localizedArticle } from './index';
import { articleHref } from './format';
import { isOnline } from './publication';

/**
 * An article as the legal watch's letters tell it (the shape of lib/letters/article.ts's
 * LetterArticle, which a root hands to lib/letters: features do not import each other).
 */
export async function articleForLetter(slug: string, options: { fresh: boolean; now?: number }) {
  const store = articleStore();
  if (options.fresh ? !(await store.refreshNow()) : (await store.get()).status === 'error')
    return 'unavailable' as const;
  const article = store.snapshot().data?.articles.find((candidate) => candidate.slug === slug);
  if (!article) return null;
  const text = (locale: Locale) => {
    const { title, summary } = localizedArticle(article, locale);
    return { title, summary, url: `${config().SITE_URL}${articleHref(locale, slug)}` };
  };
  return {
    slug,
    online: isOnline(article, options.now ?? Date.now()),
    publishAt: article.publishAt,
    text: { fr: text('fr'), en: text('en') },
  };
}
