import { describe, expect, it } from 'vitest';
import { isPublished, publishedBeforeWholeWords, publisher } from './published';

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

  it.each([
    'En cours de rédaction',
    'En attente de validation',
    'Correction',
    'Publication prévue',
    'Révision',
    '1er jet',
    'Version 1',
  ])('deviation: %j published through a short word inside another, and no longer is', (statut) => {
    expect(publishedBeforeWholeWords(statut)).toBe(true);
    expect(isPublished(statut)).toBe(false);
  });

  it.each([
    ['OK', 'OK'],
    ['ok.', 'ok'],
    ['Oui !', 'Oui'],
    ['Relu, OK', 'OK'],
    ['Vrai', 'Vrai'],
    ['on', 'on'],
    ['yes', 'yes'],
    ['TRUE', 'TRUE'],
    [' 1 ', '1'],
    ['Publié le 3 mai', 'Publié'],
    ['À publier', 'publier'],
    ['Republié', 'Republié'],
    ['Published', 'Published'],
  ])(
    'deviation: %j still publishes, through the word %j (short words whole, PUBLI… anywhere)',
    (statut, word) => {
      expect(publisher(statut)).toEqual({ kind: 'word', word });
      expect(publishedBeforeWholeWords(statut)).toBe(true);
    },
  );

  it.each(['À relire', 'En attente', 'Non publié', 'On hold', '0', ''])(
    'deviation: %j published under neither rule',
    (statut) => {
      expect(isPublished(statut)).toBe(false);
      expect(publishedBeforeWholeWords(statut)).toBe(false);
    },
  );

  it('names what publishes a typed cell: the ticked box or the positive number', () => {
    expect(publisher(true)).toEqual({ kind: 'box' });
    expect(publisher(3)).toEqual({ kind: 'number', value: 3 });
    expect(publisher(false)).toBeNull();
    expect(publisher(0)).toBeNull();
    expect(publisher(null)).toBeNull();
  });
});
