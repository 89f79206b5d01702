import { describe, expect, it } from 'vitest';
import { typography } from '@/lib/i18n/typography';
import { dictionaries } from '@/lib/i18n/messages';
import { cookieTable } from './cookies';
import * as firmContent from './firm';
import { legalFacts } from './legal';

/** Every string of `tree`; with `frenchOnly`, those under a `fr` key (the others are English or names). */
function strings(tree: unknown, frenchOnly: boolean, french = !frenchOnly): string[] {
  if (typeof tree === 'string') return french ? [tree] : [];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) =>
    strings(value, frenchOnly, french || key === 'fr'),
  );
}

const { mailSubject, mailBody } = dictionaries.en.articles.article;
const frenchTexts = [
  ...strings(dictionaries.fr, false),
  // The share e-mail is written in French on both sites.
  mailSubject,
  mailBody,
  ...strings({ cookieTable, ...firmContent }, true),
  ...strings(legalFacts('fr'), false),
];

describe('the site’s own French texts', () => {
  it('are many (the collection above finds them)', () => {
    expect(frenchTexts.length).toBeGreaterThan(200);
  });

  // What an editor reads in the source is what is shown: the texts already follow French
  // typography (no-break space before : ; ? ! » and after «, ’ and « »), so setting them again
  // changes nothing.
  it('are set in French typography', () => {
    const unset = frenchTexts.filter(
      (text) => typography(text, 'fr') !== text || / [:;?!»]|« /.test(text),
    );
    expect(unset).toEqual([]);
  });
});
