import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The query parameter of a preview address: /fr/blog/{slug}?preview={token}. */
export const PREVIEW_PARAM = 'preview';

/**
 * A preview reads the sheet again when its copy is older than this, so an editor who has just
 * changed a row sees the change (a load already running is reused; a failure keeps the last copy).
 */
export const PREVIEW_FRESHNESS_MS = 10_000;

// Ties the signature to this use, so that a value signed with the same secret elsewhere is no token.
const purpose = 'sorel-aubry article preview v1';

/**
 * The token of an article's preview address: an HMAC-SHA256 of its slug with REVALIDATE_SECRET,
 * shortened to 32 base64url characters (192 bits). Anyone holding the link can read the draft;
 * a new secret makes every earlier link useless.
 */
export function previewToken(slug: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`${purpose}\n${slug}`)
    .digest('base64url')
    .slice(0, 32);
}

/** Whether `token` opens the preview of `slug`; never without a secret. Constant-time compare. */
export function isPreviewToken(
  slug: string,
  token: string | null | undefined,
  secret: string | undefined,
): boolean {
  if (!secret || !token) return false;
  const expected = Buffer.from(previewToken(slug, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
