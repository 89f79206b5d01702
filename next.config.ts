import type { NextConfig } from 'next';
import { articleImageHosts } from './lib/articles/images';

/** Headers for every response; the Content-Security-Policy is set per request in proxy.ts. */
const securityHeaders = [
  // Two years, as Mozilla's TLS guidelines ask; deploy/nginx sends the same value in its place.
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value:
      'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

const nextConfig: NextConfig = {
  // Each parallel build (a developer's worktree, a test run) may use its own output folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Version skew (docs/operations.md, "Releases"): deploy/release builds each release with its
  // commit as NEXT_DEPLOYMENT_ID. Next.js then tags the page (<html data-dpl-id>) and its asset
  // addresses (?dpl=), and a client-side navigation that reaches a server of another release
  // becomes a full page load instead of an error. The build id follows it, so two releases'
  // .next/static/<build id>/ folders never collide when the release script merges them.
  deploymentId: process.env.NEXT_DEPLOYMENT_ID || undefined,
  generateBuildId: () => process.env.NEXT_DEPLOYMENT_ID || null,
  // proxy.ts handles trailing slashes itself, so that '/fr/#contact' needs no redirect.
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  experimental: {
    // The stylesheet (26,145 bytes, 5.9 KB in Brotli) goes in each page's <head> instead of a
    // linked file: the first paint no longer waits for a second request that, on a slow phone
    // network, shares the bandwidth with the framework's scripts and the fonts
    // (docs/architecture.md, "Two ways to throttle"). style-src already allows inline styles;
    // scripts keep their nonce.
    inlineCss: true,
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    // Only the addresses the site puts in its pages: its images and the article-image route
    // (lib/articles/images.ts); any other url, an API or a page, is refused with 400.
    localPatterns: [
      { pathname: '/images/**', search: '' },
      { pathname: '/api/article-image/*/*', search: '' },
    ],
    remotePatterns: articleImageHosts.map((hostname) => ({ protocol: 'https' as const, hostname })),
  },
  async headers() {
    // Files that proxy.ts does not see still get a policy: they are never documents to script.
    const fileCsp = [
      { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" },
    ];
    // The release that rendered a page, for nginx's page cache: it keeps no page of another
    // release than the one `current` points to (deploy/nginx), and hides the header.
    const release = process.env.NEXT_DEPLOYMENT_ID
      ? [{ key: 'X-Deployment-Id', value: process.env.NEXT_DEPLOYMENT_ID }]
      : [];
    return [
      { source: '/:path*', headers: securityHeaders },
      ...(release.length ? [{ source: '/((?!_next/|api/).*)', headers: release }] : []),
      { source: '/_next/static/:path*', headers: fileCsp },
      { source: '/images/:path*', headers: fileCsp },
      { source: '/:file(robots.txt|sitemap.xml|icon.svg)', headers: fileCsp },
      { source: '/:locale(fr|en)/feed.xml', headers: fileCsp },
    ];
  },
};

export default nextConfig;
