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

/** Hosts the site uses besides the article images' (given by the caller, below). */
export const siteHosts = {
  analytics: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  map: ['https://www.openstreetmap.org'],
} as const;

/**
 * The sources for this deployment: analytics hosts only when analytics is configured, and the
 * article images' hosts, each by name, from the root that builds the policy (shared ground
 * imports no feature: docs/architecture.md, The folders' layers). Article images normally go
 * through /_next/image (same origin); an image the browser fetches directly is not blocked.
 */
export function cspSources(
  gaMeasurementId: string | undefined,
  imageHosts: readonly string[],
): CspSources {
  return {
    imageHosts: imageHosts.map((host) => `https://${host}`),
    analyticsHosts: gaMeasurementId ? siteHosts.analytics : [],
    frameHosts: siteHosts.map,
  };
}
