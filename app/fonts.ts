import localFont from 'next/font/local';

/**
 * Self-hosted and swapped in when ready. Not preloaded: the stylesheet is inlined in the page's
 * head, so the browser asks for them as soon as it styles the first screen; a preload only made
 * them share the slow phone's bandwidth with the first screen's image and held the first paint
 * back (devtools throttling: first paint 150–350 ms sooner without it; docs/architecture.md,
 * "Fonts"). Until they arrive the page is drawn in a local font scaled to their metrics: next/font's own
 * (Arial, Times New Roman) on Windows and macOS, then app/font-fallbacks.css (Roboto and Noto
 * Serif on Android, DejaVu on Linux), listed after these in globals.css.
 * The files are Latin subsets made by `npm run fonts` (scripts/subset-fonts.mjs) from the
 * @fontsource-variable packages: Inter for text (weights 400-700), Source Serif 4 for headings
 * (regular weight only: give a serif element no bold class, or the browser fakes one).
 */
export const inter = localFont({
  src: './fonts/inter-latin-400-700.woff2',
  variable: '--font-inter',
  weight: '400 700',
  display: 'swap',
  preload: false,
});

export const sourceSerif = localFont({
  src: './fonts/source-serif-4-latin-400.woff2',
  variable: '--font-source-serif',
  weight: '400',
  display: 'swap',
  // next/font scales a local fallback to the web font's metrics; a serif one for a serif font.
  adjustFontFallback: 'Times New Roman',
  preload: false,
});
