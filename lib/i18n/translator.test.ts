import { describe, expect, it } from 'vitest';
import { dictionaries } from './messages';
import { createTranslator, interpolate } from './translator';

function leafKeys(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    leafKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe('dictionaries', () => {
  it('English has exactly the keys of the French base dictionary', () => {
    const fr = leafKeys(dictionaries.fr).sort();
    const en = leafKeys(dictionaries.en).sort();
    expect(fr.length).toBeGreaterThan(20);
    expect(en).toEqual(fr);
  });

  it('has no empty text in either language', () => {
    for (const locale of ['fr', 'en'] as const) {
      const empty = leafKeys(dictionaries[locale]).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown>)[part],
            dictionaries[locale],
          );
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty, locale).toEqual([]);
    }
  });
});

describe('translator', () => {
  it('translates a dotted key in each language', () => {
    expect(createTranslator('fr')('common.nav.home')).toBe('Accueil');
    expect(createTranslator('en')('common.nav.home')).toBe('Home');
  });

  it('shows the key itself when it is missing', () => {
    const t = createTranslator('en');
    // @ts-expect-error an unknown key is a type error; at run time it must still render something
    expect(t('common.nav.unknown')).toBe('common.nav.unknown');
    // @ts-expect-error a branch is not a text
    expect(t('common.nav')).toBe('common.nav');
  });

  it('fills placeholders', () => {
    expect(interpolate('Switch to {lang}', { lang: 'en' })).toBe('Switch to en');
    expect(interpolate('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
});
