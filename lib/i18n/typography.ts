import type { Locale } from '@/lib/i18n/locales';

/**
 * French rules on French text, English rules on English text: applied to what editors type into
 * the sheet when an article is shown, and held by the site's own texts
 * (lib/content/french-typography.test.ts). Web and e-mail addresses are left as typed (code never
 * reaches here: see lib/articles/remark-typography.ts).
 *
 * French: a no-break space (U+00A0) binds `:` `;` `?` `!` and `»` to the word before and `«` to
 * the word after, so that a line never begins with one of them; a number keeps its `%` or `€`
 * the same way. U+00A0 rather than the narrow U+202F before `;` `?` `!`: neither web font has a
 * U+202F glyph, so the browser would draw it in a system font. Straight apostrophes become ’ and
 * straight double quotes « ». A `:` or `;` followed by a letter or a bracket (10:30, `:)`, `;-)`)
 * is not punctuation and stays as typed.
 *
 * English: apostrophes become ’, quotes “ ” and ‘ ’, and a space before `:` `;` `?` `!` goes.
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

/**
 * `text` with the typography of `locale`. `before` is the character just before it in the same
 * paragraph (a markdown text node follows emphasis or a link), which tells an opening quote from
 * a closing one.
 */
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
