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
 * A negative word wins, for safety (docs/behaviour.md, "Articles"): 'Non publié' contains
 * 'PUBLIÉ', 'On hold' and 'Brouillon' contain 'ON'.
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

export function isPublished(statut: CellValue): boolean {
  if (typeof statut === 'boolean') return statut;
  if (typeof statut === 'number') return statut > 0;
  if (statut === null) return false;
  const normalised = statut.trim().toUpperCase();
  if (normalised === '' || isNegativeStatut(normalised)) return false;
  return publishedWords.some((word) => normalised.includes(word));
}
