import { describe, expect, it } from 'vitest';
import { dictionaries } from '@/lib/i18n/messages';
import { legalFacts } from './legal';

function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.values(tree).flatMap(strings);
}

describe('legal texts', () => {
  it('use only placeholders that the content module fills', () => {
    for (const locale of ['fr', 'en'] as const) {
      const facts = legalFacts(locale);
      const { notice, privacy, cookies } = dictionaries[locale].legal;
      for (const text of strings({ notice, privacy, cookies })) {
        for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
          expect(facts, `${locale}: {${name}} in "${text.slice(0, 40)}…"`).toHaveProperty(
            name as string,
          );
        }
      }
    }
  });

  it('keep the same section anchors in both languages', () => {
    for (const page of ['notice', 'privacy', 'cookies'] as const) {
      const ids = (locale: 'fr' | 'en') =>
        dictionaries[locale].legal[page].sections.map((s) => s.id);
      expect(ids('en')).toEqual(ids('fr'));
    }
  });
});
