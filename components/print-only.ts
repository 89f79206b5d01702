import type { CSSProperties } from 'react';

/**
 * The style of an element shown only on paper: hidden on screen by its own style attribute (no
 * byte in the inlined stylesheet), shown by public/print.css's `[data-print]` rule, whose
 * !important beats an inline style (the `hidden` attribute cannot be used: the screen stylesheet
 * hides it with an !important of its own cascade layer, which an unlayered rule cannot beat).
 */
export const printOnly: CSSProperties = { display: 'none' };
