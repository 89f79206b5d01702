import { describe, expect, it } from 'vitest';
import { assignSlugs, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Congés payés et arrêt maladie', 'conges-payes-et-arret-maladie'],
    ['  Rupture   conventionnelle  ', 'rupture-conventionnelle'],
    ["Index de l'égalité : avant le 1er mars !", 'index-de-legalite-avant-le-1er-mars'],
    ['Contrat -- à  durée -- déterminée', 'contrat-a-duree-determinee'],
    ['Œuvre collective', 'oeuvre-collective'],
    ['CSE_2025', 'cse_2025'],
    ['?!', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe('assignSlugs', () => {
  it('appends the position to a repeated slug, the first keeps the plain one', () => {
    expect(assignSlugs(['Veille', 'Autre', 'Veille', 'veille!'])).toEqual([
      'veille',
      'autre',
      'veille-3',
      'veille-4',
    ]);
  });

  it('never gives two rows the same slug, even when a suffix collides', () => {
    const slugs = assignSlugs(['A 2', 'A', 'A', '', '']);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs[3]).toBe('article');
  });
});
