import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logoSvg } from './generate-logo.mjs';

const committed = readFileSync(path.resolve(__dirname, '../public/images/logo.svg'), 'utf8');

/** Columns of the rendered logo (8x) that hold ink, between two rows of the 48-unit box. */
async function inkedColumns(svg: string, fromRow: number, toRow: number): Promise<number[]> {
  const scale = 8;
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * scale })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const columns: number[] = [];
  for (let x = 0; x < info.width; x += 1) {
    for (let y = fromRow * scale; y < toRow * scale; y += 1) {
      if ((data[y * info.width + x] ?? 255) < 128) {
        columns.push(x / scale);
        break;
      }
    }
  }
  return columns;
}

describe('the logo (public/images/logo.svg)', () => {
  it('is what scripts/generate-logo.mjs writes, so it can be drawn again from the fonts', async () => {
    expect(committed).toBe(await logoSvg());
  });

  // An SVG shown as an image cannot load the web fonts: <text> would be drawn in whatever font the
  // visitor's system has, after a system font lookup that delays the first paint.
  it('draws its letters as outlines and names no font', () => {
    expect(committed).not.toMatch(/<text|font-family|@font-face/);
    expect(committed).toContain('<title>Sorel Aubry Avocats</title>');
  });

  it('puts the name and AVOCATS to the right of the monogram, inside the box', async () => {
    // Rows 8-26 hold "Sorel Aubry" (baseline 24), rows 32-41 "AVOCATS" (baseline 40).
    const lines: Array<[number, number]> = [
      [8, 26],
      [32, 41],
    ];
    for (const [from, to] of lines) {
      const words = (await inkedColumns(committed, from, to)).filter((x) => x > 45);
      expect(words.length).toBeGreaterThan(0);
      expect(Math.min(...words)).toBeGreaterThanOrEqual(50);
      expect(Math.max(...words)).toBeLessThanOrEqual(220);
    }
  });
});
