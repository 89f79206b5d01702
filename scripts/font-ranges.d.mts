/** Inclusive code point ranges; a range of one code point has no end. */
export declare const latinRanges: ReadonlyArray<readonly [number, number?]>;
