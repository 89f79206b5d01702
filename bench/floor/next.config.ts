import type { NextConfig } from 'next';

/**
 * The floors' app (docs/measuring.md, "Floors and targets"): Next.js as it ships, but for the
 * image optimiser's formats, the site's (next.config.ts), so that the image floor gets the hero's
 * same bytes (bench/run.mjs checks that it does). `npm run bench` builds it and serves it with
 * `next start` behind the shipped nginx site, as the site's pages are served.
 */
const config: NextConfig = {
  poweredByHeader: false,
  images: { formats: ['image/avif', 'image/webp'] },
};

export default config;
