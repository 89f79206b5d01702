import { partners, type PartnerId } from '@/lib/content/firm';
import { localeTags, type Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

/**
 * 'Par Hélène Sorel et Julien Aubry' / 'By …' under an article's title, each name linking to the
 * partner's profile in the page's language; nothing without an author.
 */
export function ArticleByline({
  authors,
  locale,
}: {
  authors: readonly PartnerId[];
  locale: Locale;
}) {
  const t = getTranslator(locale);
  const signed = authors.flatMap((id) => partners.find((partner) => partner.id === id) ?? []);
  if (signed.length === 0) return null;
  // The language's own way of joining names ('et', 'and', with commas before the last).
  const parts = new Intl.ListFormat(localeTags[locale], { type: 'conjunction' }).formatToParts(
    signed.map((partner) => partner.name),
  );
  return (
    <p className="mt-4 text-lg" data-testid="article-byline">
      {t('articles.article.by')}{' '}
      {parts.map((part, i) => {
        if (part.type === 'literal') return part.value;
        const partner = signed.find((candidate) => candidate.name === part.value);
        return partner ? (
          <a
            key={partner.id}
            href={localizedPath(locale, partner.profilePath)}
            rel="author"
            className="text-accent-strong font-semibold underline underline-offset-4"
          >
            {part.value}
          </a>
        ) : (
          <span key={i}>{part.value}</span>
        );
      })}
    </p>
  );
}
