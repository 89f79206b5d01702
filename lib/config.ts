import 'server-only';
import { z } from 'zod';
import { firm } from '@/lib/content/firm';

/**
 * Every setting of the running site comes from the environment and is read here, checked at
 * start (a malformed value stops the server with a message naming the variable) and documented
 * in README.md and .env.example. A change needs a restart, not a rebuild. The only other readers
 * of the environment: next.config.ts (the build's own settings, NEXT_DIST_DIR and
 * NEXT_DEPLOYMENT_ID, read before any of this can load), NODE_ENV and NEXT_RUNTIME (Next.js's
 * own, compiled into its bundles; the server entry sets NODE_ENV before Next.js loads), and the
 * tools and tests.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A whole number within bounds, from a variable's text; empty means the default. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(min).max(max).default(fallback),
  );

const schema = z.object({
  /** The server entry's port. */
  PORT: wholeNumber(1, 65_535, 3000),
  /**
   * The interface it listens on, unset: every one. The systemd unit sets `localhost`, where only
   * nginx reaches it.
   */
  LISTEN_HOST: optionalText,
  /** Listening sockets on that port (server.ts says why several); 1 is one socket. */
  ACCEPT_SOCKETS: wholeNumber(1, 64, 8),
  SITE_URL: z
    .url({ protocol: /^https?$/, message: 'SITE_URL must be an http(s) address' })
    .default('http://localhost:3000')
    .transform((value) => value.replace(/\/+$/, '')),
  DATABASE_URL: optionalText,
  SMTP_URL: optionalText,
  // The firm's own name and address (lib/content/firm.ts), so the e-mails agree with the site.
  CONTACT_TO: z.string().trim().default(firm.email),
  CONTACT_FROM: z
    .string()
    .trim()
    .default(`Site ${firm.name} <site@${firm.email.split('@')[1]}>`),
  OUTBOX_DIR: z.string().trim().default('./data/outbox'),
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  ARTICLES_SHEET_URL: optionalText,
  ARTICLES_SHEET_ID: optionalText,
  REVALIDATE_SECRET: optionalText,
  /** The publish generation /api/revalidate bumps, a file every instance shares. */
  ARTICLES_GENERATION_FILE: z.string().trim().default('data/articles-generation'),
  /**
   * nginx's page cache secret (docs/page-cache.md): at least 32 hexadecimal digits, since a
   * placeholder anyone could guess would give injected markup the real nonce. Unset: no page
   * is rendered for the cache.
   */
  PAGE_CACHE_NONCE_PLACEHOLDER: optionalText.pipe(
    z
      .string()
      .regex(
        /^[0-9a-f]{32,}$/,
        'PAGE_CACHE_NONCE_PLACEHOLDER must be at least 32 lowercase hexadecimal digits',
      )
      .optional(),
  ),
  /**
   * The outbox's schedule: the first retry's delay (doubled at each failure, capped at an hour)
   * and how often the worker looks for due retries. Tests shorten them to watch retries in
   * seconds (docs/testing.md).
   */
  CONTACT_RETRY_BASE_MS: wholeNumber(10, 30_000, 15_000),
  CONTACT_OUTBOX_POLL_MS: wholeNumber(10, 60_000, 5_000),
  /**
   * Tests only: an http server on loopback that answers every fetch of a remote article image
   * (the page's image and the row report's check) in place of Unsplash or Google Drive, the
   * address's host as first path segment (lib/articles/image-check.ts, `imageFetchTarget`).
   */
  ARTICLE_IMAGE_ORIGIN: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, message: 'ARTICLE_IMAGE_ORIGIN must be an http(s) origin' })
      .optional(),
  ),
  GA_MEASUREMENT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'GA_MEASUREMENT_ID must look like G-XXXXXXX')
      .optional(),
  ),
});

export type Config = z.infer<typeof schema>;

/** The names of every variable read here. */
export const configVariables = Object.keys(schema.shape) as (keyof Config)[];

let cached: Config | undefined;

export function readConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  }
  return parsed.data;
}

export function config(): Config {
  cached ??= readConfig();
  return cached;
}
