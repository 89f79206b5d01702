import type { Locale } from '@/lib/i18n/locales';

/**
 * French rules on French text, English on English (docs/architecture.md, "French typography").
 * U+00A0 rather than the narrow U+202F: neither web font has a U+202F glyph. A `:` or `;` followed
 * by a letter or a bracket (10:30, `:)`) is not punctuation. Addresses are left as typed.
 */
const NBSP = '\u00a0';
/** Spaces on one line: ordinary, no-break and narrow no-break alike. */
const space = '[^\\S\\n]';
/** What may follow a mark that is punctuation, not part of a time or an emoticon. */
const afterMark = `(?=$|\\s|[:;?!».,…”’"'])`;
const addresses = /\b(?:https?:\/\/|www\.)[^\s<>]*[^\s<>.,;:!?)»"']|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;

const frenchRules: [RegExp, string][] = [
  [/(?<=[\p{L}\p{N}])'/gu, '’'],
  [new RegExp(`(^|[\\s(\\[—–])"${space}*`, 'gu'), `$1«${NBSP}`],
  [new RegExp(`${space}*"`, 'gu'), `${NBSP}»`],
  [new RegExp(`«${space}*(?=\\S)`, 'gu'), `«${NBSP}`],
  [new RegExp(`(?<=\\S)${space}*»`, 'gu'), `${NBSP}»`],
  [new RegExp(`${space}+(?=[:;?!]${afterMark})`, 'gu'), NBSP],
  [new RegExp(`(?<=[\\p{L}\\p{N})\\]»’])(?=[:;?!]${afterMark})`, 'gu'), NBSP],
  [new RegExp(`(?<=\\d)${space}*(?=[%€])`, 'gu'), NBSP],
];

const englishRules: [RegExp, string][] = [
  [/(?<=[\p{L}\p{N}])'/gu, '’'],
  [/(^|[\s([—–])'/gu, '$1‘'],
  [/'/g, '’'],
  [/(^|[\s([—–])"/gu, '$1“'],
  [/"/g, '”'],
  [new RegExp(`(?<=\\S)${space}+(?=[:;?!]${afterMark})`, 'gu'), ''],
];

function applyRules(text: string, rules: [RegExp, string][]): string {
  return rules.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text,
  );
}

/** `before`: the character before `text` in its paragraph, telling an opening quote from a closing one. */
export function typography(text: string, locale: Locale, before = ''): string {
  const rules = locale === 'fr' ? frenchRules : englishRules;
  const typeset = (part: string, previous: string) => {
    const context = /[\p{L}\p{N}]/u.test(previous) ? 'x' : /^\s?$/.test(previous) ? '' : ')';
    return applyRules(context + part, rules).slice(context.length);
  };
  let result = '';
  let from = 0;
  let previous = before;
  for (const address of text.matchAll(addresses)) {
    result += typeset(text.slice(from, address.index), previous) + address[0];
    from = address.index + address[0].length;
    previous = address[0].slice(-1);
  }
  return result + typeset(text.slice(from), previous);
}
