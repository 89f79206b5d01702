import 'server-only';
import { z } from 'zod';
import { firm } from '@/lib/content/firm';

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
