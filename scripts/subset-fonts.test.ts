import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { convert } from 'fontverter';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { latinRanges } from './font-ranges.mjs';

// The committed web fonts (npm run fonts) must draw every character the site's own texts use:
// a missing glyph would fall back to another font in the middle of a word.
const root = path.resolve(__dirname, '..');

async function unicodesOf(file: string): Promise<Set<number>> {
  const sfnt = await convert(readFileSync(path.join(root, file)), 'sfnt');
  const face = new hb.Face(new hb.Blob(sfnt));
  return new Set(face.collectUnicodes());
}

function siteCharacters(): Set<number> {
  const texts: string[] = [];
  for (const locale of ['fr', 'en']) {
    const dir = path.join(root, 'messages', locale);
    for (const file of readdirSync(dir)) texts.push(readFileSync(path.join(dir, file), 'utf8'));
  }
  texts.push(readFileSync(path.join(root, 'lib/content/firm.ts'), 'utf8'));
  const characters = new Set<number>();
  for (const text of texts)
    for (const character of text) {
      const code = character.codePointAt(0)!;
      if (code >= 0x20) characters.add(code);
    }
  return characters;
}

const inLatin = (code: number) =>
  latinRanges.some(([from, to = from]) => code >= from && code <= to);
const show = (codes: number[]) =>
  codes.map(
    (code) => `U+${code.toString(16).toUpperCase().padStart(4, '0')} ${String.fromCodePoint(code)}`,
  );

describe('self-hosted fonts', () => {
  const characters = [...siteCharacters()];

  it('the site texts stay within the Latin range the fonts are cut to', () => {
    expect(show(characters.filter((code) => !inLatin(code)))).toEqual([]);
  });

  for (const file of [
    'app/fonts/inter-latin-400-700.woff2',
    'app/fonts/source-serif-4-latin-400.woff2',
  ])
    it(`${file} draws every character of the site texts`, async () => {
      const covered = await unicodesOf(file);
      // Controls and the invisible format characters of U+2000-206F have no glyph to draw.
      const drawable = characters.filter(
        (code) =>
          inLatin(code) &&
          !(code >= 0x200b && code <= 0x200f) &&
          !(code >= 0x2060 && code <= 0x206f),
      );
      expect(show(drawable.filter((code) => !covered.has(code)))).toEqual([]);
      expect(covered.has('é'.codePointAt(0)!)).toBe(true);
    });
});
