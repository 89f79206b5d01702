import { describe, expect, it } from 'vitest';
import { isPublished } from './published';

describe('published rule', () => {
  it.each([
    'Publié',
    'publier',
    ' PUBLIE ',
    'Published',
    'publish',
    'Oui',
    'yes',
    'TRUE',
    'vrai',
    '1',
    'on',
    'OK',
    'Publié le 6 mai',
    'À publier',
  ])('%j is published', (statut) => {
    expect(isPublished(statut)).toBe(true);
  });

  it.each(['', '   ', 'En attente', 'À relire', 'Archive'])('%j is not published', (statut) => {
    expect(isPublished(statut)).toBe(false);
  });

  it('reads typed cells: boolean true and positive numbers publish', () => {
    expect(isPublished(true)).toBe(true);
    expect(isPublished(false)).toBe(false);
    expect(isPublished(1)).toBe(true);
    expect(isPublished(3)).toBe(true);
    expect(isPublished(0)).toBe(false);
    expect(isPublished(-1)).toBe(false);
    expect(isPublished(null)).toBe(false);
  });

  it.each([
    'Non publié',
    'NON PUBLIE',
    'Not published',
    'Unpublished',
    'Dépublié',
    'Non',
    'No',
    'False',
    'Faux',
    '0',
    'Off',
    'Brouillon',
    'Draft',
    'non-publié',
    'Ne pas publier',
    'Pas encore',
    'Non, pas encore',
    'Publier : non',
    'Publié ? No',
    'On hold',
    "N'est pas publié",
    'Unpublish',
  ])('deviation: the negative statut %j is never published', (statut) => {
    expect(isPublished(statut)).toBe(false);
  });
});
