import 'server-only';
import { z } from 'zod';

/**
 * Every setting comes from the environment and is read at run time, once, here: a change needs
 * a restart, not a rebuild. Each variable is documented in README.md and .env.example.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const schema = z.object({
  SITE_URL: z
    .url({ protocol: /^https?$/, message: 'SITE_URL must be an http(s) address' })
    .default('http://localhost:3000')
    .transform((value) => value.replace(/\/+$/, '')),
  DATABASE_URL: optionalText,
  SMTP_URL: optionalText,
  CONTACT_TO: z.string().trim().default('contact@sorel-aubry-avocats.fr'),
  CONTACT_FROM: z.string().trim().default('Site Sorel Aubry Avocats <site@sorel-aubry-avocats.fr>'),
  OUTBOX_DIR: z.string().trim().default('./data/outbox'),
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  ARTICLES_SHEET_URL: optionalText,
  ARTICLES_SHEET_ID: optionalText,
  REVALIDATE_SECRET: optionalText,
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
  /**
   * How often each instance adds the audience counts it received to the database (default 10 s;
   * docs/architecture.md, "Audience measurement"). Tests shorten it to see a page view counted.
   */
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

let cached: Config | undefined;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
