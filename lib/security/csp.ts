import { articleImageHosts } from '@/lib/articles/images';

/**
 * The Content-Security-Policy of every response. Scripts run only with the per-request nonce
 * (and what those scripts load, via 'strict-dynamic'); every other source lists only the hosts
 * the site really uses.
 */
export interface CspSources {
  /** Hosts of remote article images. */
  imageHosts?: readonly string[];
  /** Extra hosts for scripts, connections and images once analytics is configured. */
  analyticsHosts?: readonly string[];
  /** Hosts allowed in frames (the office map, after consent). */
  frameHosts?: readonly string[];
}

export function buildCsp(
  nonce: string,
  sources: CspSources = {},
  { dev = false, https = false }: { dev?: boolean; https?: boolean } = {},
): string {
  const images = [
    "'self'",
    'data:',
    'blob:',
    ...(sources.imageHosts ?? []),
    ...(sources.analyticsHosts ?? []),
  ];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(dev ? ["'unsafe-eval'"] : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': images,
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(sources.analyticsHosts ?? [])],
    'frame-src': sources.frameHosts?.length ? [...sources.frameHosts] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (https && !dev) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * Hosts the site uses, by feature. Article images normally go through /_next/image (same origin);
 * their hosts are still listed, each by name, so that an image the browser fetches directly
 * (an unoptimised one) is not blocked.
 */
export const siteHosts = {
  articleImages: articleImageHosts.map((host) => `https://${host}`),
  analytics: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  map: ['https://www.openstreetmap.org'],
} as const;

/** The sources for this deployment: analytics hosts only when analytics is configured. */
export function cspSourcesFromEnv(env: NodeJS.ProcessEnv = process.env): CspSources {
  return {
    imageHosts: siteHosts.articleImages,
    analyticsHosts: env.GA_MEASUREMENT_ID ? siteHosts.analytics : [],
    frameHosts: siteHosts.map,
  };
}

/**
 * The request header with which nginx's page cache asks for a page rendered with its nonce
 * placeholder, and the response header that says the page was (docs/page-cache.md).
 */
export const PAGE_CACHE_NONCE_HEADER = 'x-page-cache-nonce';

/**
 * The nonce of one response: new and random, except when nginx's page cache asks, with the
 * secret placeholder the deployment shares with it (PAGE_CACHE_NONCE_PLACEHOLDER), for a page
 * it keeps: then the placeholder, which nginx replaces by a new random value in every response
 * it sends, body and policy alike. A placeholder that anyone could know would let injected
 * markup carrying it receive the real nonce, hence a secret of at least 32 characters.
 */
export function responseNonce(
  requestHeaders: Headers,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { nonce: string; placeholder: boolean } {
  const secret = env.PAGE_CACHE_NONCE_PLACEHOLDER ?? '';
  const asked = requestHeaders.get(PAGE_CACHE_NONCE_HEADER) ?? '';
  if (/^[A-Za-z0-9_-]{32,}$/.test(secret) && sameText(asked, secret))
    return { nonce: secret, placeholder: true };
  return { nonce: btoa(crypto.randomUUID()), placeholder: false };
}

/** Compares in a time that does not depend on where the texts differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
