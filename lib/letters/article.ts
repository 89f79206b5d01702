import type { Locale } from '@/lib/i18n/locales';

/**
 * What a letter says of its article, per language (English already fallen back to French column
 * by column, as the pages do). The articles feature makes it and a root hands it in: lib/letters
 * never reads the sheet (docs/architecture.md, "The folders' layers").
 */
export interface LetterArticle {
  slug: string;
  /** Published and past its publier_le now. */
  online: boolean;
  /** Its publier_le, when it has one. */
  publishAt: string | null;
  text: Record<Locale, { title: string; summary: string; url: string }>;
}

/**
 * The article at `slug` in the sheet; `fresh` reads the sheet again first (the editors' sidebar),
 * else the copy in memory. Null: no row has this address; 'unavailable': the sheet cannot be read.
 */
export type ArticleForLetter = (
  slug: string,
  options: { fresh: boolean },
) => Promise<LetterArticle | null | 'unavailable'>;
