import 'server-only';
import { z } from 'zod';
import { firm } from '@/lib/content/firm';

/**
 * Every setting of the running site, checked at start (a bad value stops it, naming the variable)
 * and documented in README.md and .env.example; a change needs a restart, not a rebuild.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(min).max(max).default(fallback),
  );

const schema = z.object({
  PORT: wholeNumber(1, 65_535, 3000),
  /** Unset: every interface; the systemd unit sets localhost, where only nginx reaches it. */
  LISTEN_HOST: optionalText,
  /** lib/server/listening.ts says why several. */
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
  ARTICLES_GENERATION_FILE: z.string().trim().default('data/articles-generation'),
  /** A guessable placeholder would give injected markup the real nonce (docs/page-cache.md). */
  PAGE_CACHE_NONCE_PLACEHOLDER: optionalText.pipe(
    z
      .string()
      .regex(
        /^[0-9a-f]{32,}$/,
        'PAGE_CACHE_NONCE_PLACEHOLDER must be at least 32 lowercase hexadecimal digits',
      )
      .optional(),
  ),
  /** Tests shorten these to watch retries in seconds (docs/testing.md, "Variables used only by tests"). */
  CONTACT_RETRY_BASE_MS: wholeNumber(10, 30_000, 15_000),
  CONTACT_OUTBOX_POLL_MS: wholeNumber(10, 60_000, 5_000),
  /**
   * Letters to subscribers per minute for the whole site, all instances together (the pace is
   * kept in the database: docs/operations.md, "The legal watch by e-mail"); 0: no pacing (bench).
   */
  NEWSLETTER_RATE_PER_MINUTE: wholeNumber(0, 100_000, 30),
  /** How often every instance looks for a queued send whose article went online; tests shorten it. */
  LETTERS_CHECK_MS: wholeNumber(100, 60_000, 60_000),
  /** Tests only: a loopback server playing every image host (lib/articles/image-check.ts). */
  ARTICLE_IMAGE_ORIGIN: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, message: 'ARTICLE_IMAGE_ORIGIN must be an http(s) origin' })
      .optional(),
  ),
  /** Tests shorten it to see a page view counted. */
  AUDIENCE_FLUSH_MS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ message: 'AUDIENCE_FLUSH_MS must be a number of milliseconds' })
      .int()
      .min(50, 'AUDIENCE_FLUSH_MS must be 50 ms at least')
      .max(60_000, 'AUDIENCE_FLUSH_MS must be 60,000 ms at most')
      .default(10_000),
  ),
  GA_MEASUREMENT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'GA_MEASUREMENT_ID must look like G-XXXXXXX')
      .optional(),
  ),
});

export type Config = z.infer<typeof schema>;

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
