import type { CellValue } from './types';

/** SPEC 5.2: a statut containing one of these words (case-insensitive, trimmed) is published. */
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
 * Safety deviation from SPEC 5.2 (issue 4, README): an explicitly negative statut is never
 * published, although 'Non publié' contains 'PUBLIÉ' and 'Non' contains 'ON'. 'Brouillon' and
 * 'Draft' are drafts too ('Brouillon' contains 'ON').
 */
const negativeStatuts = new Set([
  'NON PUBLIE',
  'NOT PUBLISHED',
  'UNPUBLISHED',
  'DEPUBLIE',
  'NON',
  'NO',
  'FALSE',
  'FAUX',
  '0',
  'OFF',
  'BROUILLON',
  'DRAFT',
]);

function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export function isNegativeStatut(statut: string): boolean {
  const plain = withoutAccents(statut.trim().toUpperCase()).replace(/[\s_-]+/g, ' ');
  return (
    negativeStatuts.has(plain) ||
    /^(NON|NOT|PAS) /.test(plain) ||
    plain.startsWith('UNPUBLISH') ||
    plain.startsWith('DEPUBLI')
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
