import { describe, expect, it } from 'vitest';
import { dictionaries } from '@/lib/i18n/messages';
import { award, firm, partners, testimonials } from './firm';
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

describe('firm facts quoted by the translations', () => {
  it('come from the content module through placeholders, not written into the texts', () => {
    for (const locale of ['fr', 'en'] as const) {
      const { home, partners: partnerTexts, legal } = dictionaries[locale];
      const texts = strings({ home, partnerTexts, legal });
      expect(texts.filter((text) => text.includes(String(firm.barAdmissionYear)))).toEqual([]);
      const press = strings(home.press);
      expect(press.filter((text) => text.includes(award.label))).toEqual([]);
      for (const { ranking } of testimonials)
        expect(press.filter((text) => text.includes(ranking))).toEqual([]);
      for (const { name } of partners) {
        expect(strings({ legal, press }).filter((text) => text.includes(name))).toEqual([]);
      }
    }
  });

  it('name both partners in the legal notice, joined in the page language', () => {
    expect(legalFacts('fr').partnerNames).toBe('Hélène Sorel et Julien Aubry');
    expect(legalFacts('en').partnerNames).toBe('Hélène Sorel and Julien Aubry');
  });
});
