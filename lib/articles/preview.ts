import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PREVIEW_PARAM = 'preview';

/** A preview rereads an older copy: the editor has just changed a row. */
export const PREVIEW_FRESHNESS_MS = 10_000;

// Ties the signature to this use, so that a value signed with the same secret elsewhere is no token.
const purpose = 'sorel-aubry article preview v1';

/** HMAC-SHA256 of the slug, 192 bits; a new secret voids every earlier link. */
export function previewToken(slug: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`${purpose}\n${slug}`)
    .digest('base64url')
    .slice(0, 32);
}

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
