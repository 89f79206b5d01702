import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The one-click release links of the digest e-mail (lib/contact/delivery/digest.ts). A link names one held
 * message and the moment it expires (when the message would be purged), signed with a key derived
 * from REVALIDATE_SECRET for this purpose alone (HKDF), so that no other signature the site makes
 * with that secret (previews, form tokens) is a release link, and the reverse. Several instances
 * share the secret, so any of them accepts a link another one made.
 */
export const RELEASE_PATH = '/api/contact/messages-retenus';

const PURPOSE = 'sorel-aubry held message release link v1';

function releaseKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', PURPOSE, 32));
}

function signature(secret: string, id: string, expiresAt: number): string {
  return createHmac('sha256', releaseKey(secret)).update(`${id}\n${expiresAt}`).digest('base64url');
}

/** The token of a message's link: `{id}.{expiry, ms}.{signature}`, safe in a path segment. */
export function releaseToken(id: string, expiresAt: number, secret: string): string {
  return `${id}.${expiresAt}.${signature(secret, id, expiresAt)}`;
}

export function releaseUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${RELEASE_PATH}/${token}`;
}

export type ReleaseTokenCheck =
  { valid: true; id: string; expiresAt: number } | { valid: false; reason: 'invalid' | 'expired' };

/**
 * Whether a token is one of ours, unaltered and not expired at `now`. Without a secret no token
 * is valid. The signature is compared in constant time; an expired link is refused even though
 * its signature is right.
 */
export function checkReleaseToken(
  token: string,
  secret: string | undefined,
  now: number,
): ReleaseTokenCheck {
  const match = /^([0-9a-f-]{1,64})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!secret || !match) return { valid: false, reason: 'invalid' };
  const [, id = '', expiry = '', given = ''] = match;
  const expiresAt = Number(expiry);
  const expected = Buffer.from(signature(secret, id, expiresAt));
  if (!timingSafeEqual(expected, Buffer.from(given))) return { valid: false, reason: 'invalid' };
  if (now >= expiresAt) return { valid: false, reason: 'expired' };
  return { valid: true, id, expiresAt };
}
