#!/usr/bin/env node
// @ts-check
/**
 * Writes public/images/logo.svg, the typographic logo (220x48), with its letters drawn as
 * outlines of the site's own fonts (app/fonts: Source Serif 4 for the name, Inter for AVOCATS).
 * Run: `node scripts/generate-logo.mjs` (generate-artwork.mjs runs it too).
 *
 * Why outlines and not <text>: an SVG shown as an image cannot load web fonts, so <text> is drawn
 * in whatever the visitor's system has (Georgia and Helvetica are on neither Android nor Linux),
 * and the browser must look those fonts up in the system before the first paint: about 30 ms of
 * the first frame's layout on this machine, on every page (the logo is in the header).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as hb from 'harfbuzzjs';
import subsetFont from 'subset-font';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The palette of app/globals.css (--color-ink, --color-accent, --color-muted), for the artwork too. */
export const ink = '#16181d';
export const accent = '#7a5c2e';
export const grey = '#4a4f59';

/**
 * A HarfBuzz font for `text` from one of app/fonts, at `weight` for a variable font (Inter; the
 * serif file is already pinned to 400).
 * @param {string} file
 * @param {string} text
 * @param {number} [weight]
 */
async function loadFont(file, text, weight) {
  const woff2 = await readFile(path.join(root, 'app/fonts', file));
  const sfnt = await subsetFont(woff2, text, {
    targetFormat: 'truetype',
    ...(weight ? { variationAxes: { wght: weight } } : {}),
  });
  const face = new hb.Face(new hb.Blob(sfnt));
  return { font: new hb.Font(face), upem: face.upem };
}

// A tenth of a unit: under a third of a pixel on a 3x screen, where the logo is 44 px tall.
const round = (/** @type {number} */ value) => Number(value.toFixed(1));

/**
 * One <path> for a line of text: shaped by HarfBuzz (kerning included), each glyph's outline
 * moved from font units (y up) to the SVG box (y down) at `size` px, `letterSpacing` px after each
 * glyph. `anchor` 'middle' centres the line on x, as text-anchor does.
 * @param {{ text: string, file: string, weight?: number, size: number, x: number, y: number,
 *   letterSpacing?: number, anchor?: 'middle', fill: string }} line
 */
async function textPath({ text, file, weight, size, x, y, letterSpacing = 0, anchor, fill }) {
  const { font, upem } = await loadFont(file, text, weight);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const glyphs = buffer.getGlyphInfosAndPositions();
  const scale = size / upem;
  const width =
    glyphs.reduce((sum, glyph) => sum + (glyph.xAdvance ?? 0) * scale + letterSpacing, 0) -
    letterSpacing;
  let penX = anchor === 'middle' ? x - width / 2 : x;
  const commands = [];
  for (const glyph of glyphs) {
    const originX = penX + (glyph.xOffset ?? 0) * scale;
    const originY = y - (glyph.yOffset ?? 0) * scale;
    const outline = font.glyphToPath(glyph.codepoint);
    // Every command is a letter followed by x,y pairs in font units.
    for (const [, letter, args] of outline.matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
      const numbers = (args ?? '').split(/[ ,]+/).filter(Boolean).map(Number);
      const points = [];
      for (let i = 0; i < numbers.length; i += 2) {
        points.push(
          `${round(originX + (numbers[i] ?? 0) * scale)} ${round(originY - (numbers[i + 1] ?? 0) * scale)}`,
        );
      }
      commands.push(letter + points.join(' '));
    }
    penX += (glyph.xAdvance ?? 0) * scale + letterSpacing;
  }
  return `<path fill="${fill}" d="${commands.join('')}"/>`;
}

/** The logo: a framed monogram, the firm's name, AVOCATS in spaced capitals. */
export async function logoSvg() {
  const serif = 'source-serif-4-latin-400.woff2';
  const sans = 'inter-latin-400-700.woff2';
  const lines = await Promise.all([
    textPath({ text: 'SA', file: serif, size: 18, x: 20, y: 30, anchor: 'middle', fill: ink }),
    textPath({
      text: 'Sorel Aubry',
      file: serif,
      size: 19,
      x: 52,
      y: 24,
      letterSpacing: 0.5,
      fill: ink,
    }),
    textPath({
      text: 'AVOCATS',
      file: sans,
      weight: 500,
      size: 10,
      x: 52,
      y: 40,
      letterSpacing: 3.2,
      fill: grey,
    }),
  ]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48" viewBox="0 0 220 48" role="img" aria-label="Sorel Aubry Avocats">
  <title>Sorel Aubry Avocats</title>
  <rect x="1" y="5" width="38" height="38" fill="none" stroke="${accent}" stroke-width="2"/>
  <line x1="8" y1="36" x2="32" y2="36" stroke="${accent}" stroke-width="1"/>
  ${lines.join('\n  ')}
</svg>
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const svg = await logoSvg();
  await writeFile(path.join(root, 'public', 'images', 'logo.svg'), svg);
  console.log(`logo.svg: 220x48 (vector, letters as outlines), ${svg.length} bytes`);
}
