import { describe, expect, it } from 'vitest';
import { legalFacts } from '@/lib/content/legal';
import { RETENTION_YEARS, SUSPECTED_RETENTION_DAYS } from '@/lib/contact/storage/retention';
import { dictionaries } from '@/lib/i18n/messages';
import { interpolate } from '@/lib/i18n/translator';
import { UNCONFIRMED_KEEP_MS } from '@/lib/letters/store';

// Here, beside the pages' legal documents, since the texts (shared ground) and the purges (the
// contact and letters features) may not import each other (docs/architecture.md, The folders'
// layers).
function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.values(tree).flatMap(strings);
}

describe('the privacy policy', () => {
  const retentionItems = (locale: 'fr' | 'en') =>
    strings(
      dictionaries[locale].legal.privacy.sections.find((section) => section.id === 'conservation'),
    ).map((text) => interpolate(text, legalFacts(locale)));

  it('states the retention periods the contact messages purge applies', () => {
    const words = { fr: { years: 'ans', days: 'jours' }, en: { years: 'years', days: 'days' } };
    for (const locale of ['fr', 'en'] as const) {
      const retention = dictionaries[locale].legal.privacy.sections.find(
        (section) => section.id === 'conservation',
      );
      const items = strings(retention);
      const { years, days } = words[locale];
      expect(items.filter((item) => item.includes(`: ${RETENTION_YEARS} ${years}`))).toHaveLength(
        1,
      );
      expect(
        items.filter((item) => item.includes(`: ${SUSPECTED_RETENTION_DAYS} ${days},`)),
      ).toHaveLength(1);
    }
  });

  it('states, as shown, the subscribers’ retention the letters’ purge applies', () => {
    const days = UNCONFIRMED_KEEP_MS / (24 * 60 * 60 * 1000);
    const words = {
      fr: { until: ': jusqu’à la désinscription', unconfirmed: `: ${days} jours après` },
      en: { until: ': until they unsubscribe', unconfirmed: `: ${days} days after` },
    };
    for (const locale of ['fr', 'en'] as const) {
      const { until, unconfirmed } = words[locale];
      const items = retentionItems(locale);
      expect(
        items.filter((item) => item.includes(until) && item.includes(unconfirmed)),
      ).toHaveLength(1);
    }
  });
});
