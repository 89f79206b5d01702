// @ts-check
// The Latin unicode-range of @fontsource-variable's `latin` files: every character of French and
// English text. Shared by scripts/subset-fonts.mjs and the font coverage test.
/** Inclusive code point ranges; a range of one code point has no end. */
/** @type {ReadonlyArray<readonly [number, number?]>} */
export const latinRanges = [
  [0x0000, 0x00ff],
  [0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6],
  [0x02da],
  [0x02dc],
  [0x0304],
  [0x0308],
  [0x0329],
  [0x2000, 0x206f],
  [0x20ac],
  [0x2122],
  [0x2191],
  [0x2193],
  [0x2212],
  [0x2215],
  [0xfeff],
  [0xfffd],
];
