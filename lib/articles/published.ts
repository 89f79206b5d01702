import type { CellValue } from './types';

/** A statut containing one of these words (case-insensitive, trimmed) is published. */
const publishedWords = [
  'PUBLIER',
  'PUBLIÉ',
  'PUBLIE',
  'PUBLISHED',
  'PUBLISH',
  'OUI',
  'YES',
  'TRUE',
  'VRAI',
  '1',
  'ON',
  'OK',
];

/**
 * For safety a statut with a negative word is never published (docs/behaviour.md, Articles),
 * although 'Non publié' contains 'PUBLIÉ', 'Ne pas publier' contains 'PUBLIER' and 'Non' or 'On
 * hold' contains 'ON'. 'Brouillon' and 'Draft' are drafts ('Brouillon' contains 'ON').
 */
const negativeWords = new Set([
  'NON',
  'NOT',
  'NE',
  'PAS',
  'NO',
  'FALSE',
  'FAUX',
  'OFF',
  'HOLD',
  'BROUILLON',
  'DRAFT',
]);

function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export function isNegativeStatut(statut: string): boolean {
  const plain = withoutAccents(statut.trim().toUpperCase());
  const words = plain.split(/[^A-Z0-9]+/).filter(Boolean);
  return (
    plain === '0' ||
    words.some(
      (word) =>
        negativeWords.has(word) || word.startsWith('UNPUBLISH') || word.startsWith('DEPUBLI'),
    )
  );
}

/** Whether a statut cell makes its row visible: boolean true, a positive number or a word above. */
export function isPublished(statut: CellValue): boolean {
  if (typeof statut === 'boolean') return statut;
  if (typeof statut === 'number') return statut > 0;
  if (statut === null) return false;
  const normalised = statut.trim().toUpperCase();
  if (normalised === '' || isNegativeStatut(normalised)) return false;
  return publishedWords.some((word) => normalised.includes(word));
}
