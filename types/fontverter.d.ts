// fontverter ships no types: the one function the font test uses.
declare module 'fontverter' {
  export function convert(
    buffer: Uint8Array,
    toFormat: 'sfnt' | 'truetype' | 'woff' | 'woff2',
    fromFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2',
  ): Promise<Buffer>;
}
