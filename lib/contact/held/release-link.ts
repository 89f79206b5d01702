import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * A link names one held message and its expiry (its purge), signed with a key derived from
 * REVALIDATE_SECRET for this purpose alone (HKDF): no other signature of the site is a release link.
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

/** No secret, no valid token; an expired link is refused though its signature is right. */
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
