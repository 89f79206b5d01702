import { formatArticleDay, formatArticleTime } from '@/lib/articles/format';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';

/**
 * Above an article shown through its preview link: says plainly that it is not online yet, and
 * when it will be for one waiting for its publier_le (`scheduledFor`).
 */
export function PreviewBanner({
  locale,
  scheduledFor = null,
}: {
  locale: Locale;
  scheduledFor?: string | null;
}) {
  const t = getTranslator(locale);
  return (
    <aside
      aria-labelledby="preview-banner-title"
      className="border-accent-strong bg-paper mb-8 rounded border-2 border-dashed px-5 py-4"
      data-testid="preview-banner"
    >
      <p id="preview-banner-title" className="text-accent-strong text-lg font-semibold">
        {t('articles.preview.banner')}
      </p>
      <p className="text-ink mt-1">
        {scheduledFor
          ? t('articles.preview.scheduledHint', {
              date: formatArticleDay(scheduledFor, locale),
              time: formatArticleTime(scheduledFor, locale),
            })
          : t('articles.preview.hint')}
      </p>
    </aside>
  );
}
