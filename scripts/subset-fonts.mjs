#!/usr/bin/env node
// `npm run fonts`: writes the two web fonts the site serves, app/fonts/*.woff2, from the variable
// fonts of @fontsource-variable (SIL Open Font License 1.1). Run it after upgrading those packages
// and commit the result; the build reads the committed files.
//
// Same characters as the packages' Latin subset (every French and English text), but:
// - Inter keeps only the weights the site uses (400-700, still one variable file);
// - Source Serif 4, used for headings at regular weight only, is pinned to 400;
// - glyphs reachable only through OpenType alternates (stylistic sets, ligatures the site never
//   turns on) are dropped.
// Together 101 KB -> about 40 KB of font bytes before the first screen can settle.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { latinRanges } from './font-ranges.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const text = String.fromCodePoint(
  ...latinRanges
    .flatMap(([from, to = from]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))
    .filter((code) => code >= 0x20),
);

const fonts = [
  {
    from: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    to: 'app/fonts/inter-latin-400-700.woff2',
    axes: { wght: { min: 400, max: 700 } },
  },
  {
    from: '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
    to: 'app/fonts/source-serif-4-latin-400.woff2',
    axes: { wght: 400 },
  },
];

for (const font of fonts) {
  const source = await readFile(path.join(root, 'node_modules', font.from));
  const subset = await subsetFont(source, text, {
    targetFormat: 'woff2',
    variationAxes: font.axes,
    noLayoutClosure: true,
  });
  await writeFile(path.join(root, font.to), subset);
  console.log(
    `${font.to}: ${(source.length / 1024).toFixed(1)} KB -> ${(subset.length / 1024).toFixed(1)} KB`,
  );
}
