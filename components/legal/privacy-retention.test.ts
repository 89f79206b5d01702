import { describe, expect, it } from 'vitest';
import { RETENTION_YEARS, SUSPECTED_RETENTION_DAYS } from '@/lib/contact/storage/retention';
import { dictionaries } from '@/lib/i18n/messages';

// Here, beside the pages' legal documents, since the texts (shared ground) and the purge (the
// contact feature) may not import each other (docs/architecture.md, The folders' layers).
function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.values(tree).flatMap(strings);
}

describe('the privacy policy', () => {
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
});
