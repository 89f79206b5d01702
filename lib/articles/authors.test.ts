import { describe, expect, it } from 'vitest';
import { acceptedAuthorForms, readAuthors } from './authors';

describe('the auteur column', () => {
  it.each([
    'Hélène Sorel',
    'helene sorel',
    'HÉLÈNE SOREL',
    '  Hélène   Sorel ',
    'Sorel Hélène',
    'SOREL Hélène',
    'H. Sorel',
    'H.Sorel',
    'H Sorel',
    'Sorel H.',
    'sorel',
    'Sorel',
    'Me Sorel',
    'Maître Hélène Sorel',
    'Mme Sorel',
    'helene-sorel',
    'h.sorel@sorel-aubry-avocats.fr',
    'H.Sorel@Sorel-Aubry-Avocats.fr',
    'mailto:h.sorel@sorel-aubry-avocats.fr',
    'Hélène Sorel <h.sorel@sorel-aubry-avocats.fr>',
  ])('reads %j as Hélène Sorel', (text) => {
    expect(readAuthors(text)).toEqual({ authors: ['helene-sorel'], unknown: [] });
  });

  it.each(['Julien Aubry', 'J. Aubry', 'aubry', 'M. Aubry', 'j.aubry@sorel-aubry-avocats.fr'])(
    'reads %j as Julien Aubry',
    (text) => {
      expect(readAuthors(text)).toEqual({ authors: ['julien-aubry'], unknown: [] });
    },
  );

  it.each([
    ['Hélène Sorel, Julien Aubry', ['helene-sorel', 'julien-aubry']],
    ['Aubry, Sorel', ['julien-aubry', 'helene-sorel']],
    ['H. Sorel et J. Aubry', ['helene-sorel', 'julien-aubry']],
    ['Sorel and Aubry', ['helene-sorel', 'julien-aubry']],
    ['Sorel; Aubry', ['helene-sorel', 'julien-aubry']],
    ['Sorel & Aubry', ['helene-sorel', 'julien-aubry']],
    ['Sorel, H. Sorel, ', ['helene-sorel']],
  ])('reads two partners in %j, in the sheet’s order, once each', (text, authors) => {
    expect(readAuthors(text)).toEqual({ authors, unknown: [] });
  });

  it.each([
    'Sorell',
    'Helene Sorrel',
    'J. Sorel',
    'Hélène Aubry',
    'Hélène',
    'Julien',
    'Claire Sorel',
    'contact@sorel-aubry-avocats.fr',
    'sorel@sorel-aubry-avocats.fr',
    'Sorel Aubry',
    '<b>Sorel</b>',
    '**Sorel**',
    'TRUE',
    '42',
    '#REF!',
  ])('matches no partner with the near miss %j', (text) => {
    const reading = readAuthors(text);
    expect(reading.authors).toEqual([]);
    expect(reading.unknown.length).toBeGreaterThan(0);
  });

  it('gives no byline when one of the names is unknown, and says which', () => {
    expect(readAuthors('Hélène Sorel, Claire Martin')).toEqual({
      authors: [],
      unknown: ['Claire Martin'],
    });
  });

  it('reads an empty cell, and 5,000 characters, without a fault', () => {
    expect(readAuthors('')).toEqual({ authors: [], unknown: [] });
    expect(readAuthors('   ,  ')).toEqual({ authors: [], unknown: [] });
    const long = 'Sorel '.repeat(900);
    expect(readAuthors(long).authors).toEqual([]);
    expect(readAuthors(long).unknown).toHaveLength(1);
  });

  it('tells the editors what the column accepts, with the firm’s partners', () => {
    const accepted = acceptedAuthorForms();
    for (const example of ['Hélène Sorel', 'Julien Aubry', 'H. Sorel', 'Sorel', 'h.sorel@'])
      expect(accepted).toContain(example);
  });
});
