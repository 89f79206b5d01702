import { partners } from '@/lib/content/firm';

/**
 * The French pages a visitor reads, for the line-break checks (tests/e2e/french-line-breaks.spec.ts
 * and tests/engines/french-line-breaks.test.ts): every page kind, the sheet's articles whose
 * titles hold a colon, and the 404 page.
 */
export const frenchPages: readonly string[] = [
  '/fr',
  ...partners.map((partner) => `/fr${partner.profilePath}`),
  '/fr/actualites',
  '/fr/blog',
  '/fr/blog/rupture-conventionnelle-la-contribution-patronale',
  '/fr/blog/transparence-des-remunerations-preparer-la-directive-europeenne',
  '/fr/blog/conges-payes-et-arret-maladie',
  '/fr/mentions-legales',
  '/fr/politique-confidentialite',
  '/fr/politique-cookies',
  '/fr/page-inconnue',
];

/** One place where a line break cuts a punctuation mark from its word, as a visitor sees it. */
export interface CutPunctuation {
  mark: string;
  /** The words around the break, the break shown as ⏎. */
  text: string;
}

/**
 * Run in the page (it takes and uses nothing outside itself): every `:` `;` `?` `!` or `»` that
 * begins a line while the word before it ends the previous one, and every `«` that ends a line
 * while its word begins the next, in the visible text outside code. Lines are told apart by the
 * characters' boxes (Range.getClientRects): two characters are on different lines when their
 * vertical centres are further apart than half a character's height.
 */
export function punctuationCutFromItsWord(): CutPunctuation[] {
  const skipped = 'script, style, noscript, template, code, pre, kbd, samp, svg';
  const characters: { node: Text; offset: number; char: string }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (node.parentElement?.closest(skipped)) continue;
    const text = node.data;
    for (let offset = 0; offset < text.length; offset += 1)
      characters.push({ node, offset, char: text.charAt(offset) });
  }
  const box = (at: number) => {
    const character = characters[at]!;
    const range = document.createRange();
    range.setStart(character.node, character.offset);
    range.setEnd(character.node, character.offset + 1);
    return range.getClientRects()[0] ?? null;
  };
  // The block whose lines hold the character: inline elements are parts of their parent's lines.
  const block = (at: number) => {
    let element: Element | null = characters[at]!.node.parentElement;
    while (element && ['inline', 'contents'].includes(getComputedStyle(element).display))
      element = element.parentElement;
    return element;
  };
  const blank = /\s/;
  const found: CutPunctuation[] = [];
  for (let at = 0; at < characters.length; at += 1) {
    const mark = characters[at]!.char;
    const before = ':;?!»'.includes(mark);
    if (!before && mark !== '«') continue;
    // A `:` or `;` followed by a letter or a bracket is a time or an emoticon (10:30, :-) ), not punctuation.
    const next = characters[at + 1]?.char ?? ' ';
    if (':;'.includes(mark) && !/[\s:;?!».,…”’"']/.test(next)) continue;
    // The word the mark belongs to, across the spaces between them.
    const step = before ? -1 : 1;
    let word = at + step;
    while (characters[word] && blank.test(characters[word]!.char)) word += step;
    if (word === at + step || !characters[word] || block(word) !== block(at)) continue;
    const markBox = box(at);
    const wordBox = box(word);
    if (!markBox || !wordBox || markBox.height === 0 || wordBox.height === 0) continue;
    const apart = Math.abs(markBox.top + markBox.height / 2 - (wordBox.top + wordBox.height / 2));
    if (apart <= Math.min(markBox.height, wordBox.height) / 2) continue;
    const from = Math.min(at, word);
    const to = Math.max(at, word);
    const context = (start: number, end: number) =>
      characters
        .slice(Math.max(0, start), end)
        .map((character) => character.char)
        .join('')
        .replace(/\s+/g, ' ');
    found.push({
      mark,
      text: `${context(from - 30, from + 1).trim()} ⏎ ${context(to, to + 30).trim()}`,
    });
  }
  return found;
}
