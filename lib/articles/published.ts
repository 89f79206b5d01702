import type { CellValue } from './types';

/**
 * Words that publish wherever they stand in the statut, inside a word too ("À publier",
 * "Publié le 3 mai"); compared without accents, so PUBLIÉ is PUBLIE.
 */
const publishingStems = ['PUBLISHED', 'PUBLISH', 'PUBLIER', 'PUBLIE'];

/**
 * Short words that publish only as whole words (docs/behaviour.md, Articles): inside a word they
 * published "En cours de rédaction" and "Correction" through ON. "1" publishes only as the whole
 * cell, not in "Version 1" or "1er jet".
 */
const publishingWords = new Set(['ON', 'OK', 'OUI', 'YES', 'VRAI', 'TRUE']);

/**
 * For safety a statut with a negative word is never published (docs/behaviour.md, Articles),
 * although 'Non publié' contains 'PUBLIÉ', 'Ne pas publier' contains 'PUBLIER' and 'On hold'
 * has the word 'ON'. 'Brouillon' and 'Draft' are drafts.
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

/** One word of a statut: as the rules compare it (`plain`) and as the editor wrote it. */
interface StatutWord {
  plain: string;
  written: string;
}

/**
 * The statut's words: upper case without accents, split at every character other than A–Z and
 * 0–9 ("non-publié" is NON and PUBLIE). Each keeps its text as written, for the row report.
 */
function statutWords(statut: string): StatutWord[] {
  const words: StatutWord[] = [];
  let word: StatutWord | null = null;
  for (const character of statut.trim()) {
    const plain = withoutAccents(character.toUpperCase());
    // A lone combining accent has no plain form: it belongs to the word it follows.
    const inWord = plain === '' ? word !== null : /^[A-Z0-9]+$/.test(plain);
    if (!inWord) {
      word = null;
      continue;
    }
    if (!word) words.push((word = { plain: '', written: '' }));
    word.plain += plain;
    word.written += character;
  }
  return words;
}

export function isNegativeStatut(statut: string): boolean {
  return (
    statut.trim() === '0' ||
    statutWords(statut).some(
      ({ plain }) =>
        negativeWords.has(plain) || plain.startsWith('UNPUBLISH') || plain.startsWith('DEPUBLI'),
    )
  );
}

/** What makes a statut cell publish: a ticked box, a positive number, or a word as written. */
export type Publisher =
  { kind: 'box' } | { kind: 'number'; value: number } | { kind: 'word'; word: string };

/** What in the statut cell publishes its row, or null when it does not publish. */
export function publisher(statut: CellValue): Publisher | null {
  if (typeof statut === 'boolean') return statut ? { kind: 'box' } : null;
  if (typeof statut === 'number') return statut > 0 ? { kind: 'number', value: statut } : null;
  if (statut === null || isNegativeStatut(statut)) return null;
  if (statut.trim() === '1') return { kind: 'word', word: '1' };
  const word = statutWords(statut).find(
    ({ plain }) =>
      publishingWords.has(plain) || publishingStems.some((stem) => plain.includes(stem)),
  );
  return word ? { kind: 'word', word: word.written } : null;
}

/** Whether a statut cell makes its row visible: boolean true, a positive number or a word above. */
export function isPublished(statut: CellValue): boolean {
  return publisher(statut) !== null;
}

/**
 * The rule before whole words: a statut published when it merely contained one of these words.
 * Kept only so `npm run articles:check` can list the rows whose state the whole-word rule
 * changes (docs/operations.md, Releases); the site never uses it.
 */
export function publishedBeforeWholeWords(statut: CellValue): boolean {
  if (typeof statut === 'boolean') return statut;
  if (typeof statut === 'number') return statut > 0;
  if (statut === null) return false;
  const normalised = statut.trim().toUpperCase();
  if (normalised === '' || isNegativeStatut(normalised)) return false;
  const containedWords = [
    ...['PUBLIER', 'PUBLIÉ', 'PUBLIE', 'PUBLISHED', 'PUBLISH', 'OUI', 'YES', 'TRUE', 'VRAI'],
    ...['1', 'ON', 'OK'],
  ];
  return containedWords.some((word) => normalised.includes(word));
}
