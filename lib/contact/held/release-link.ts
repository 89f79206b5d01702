import 'server-only';
import { signedTokens } from '@/lib/signed-token';

/**
 * A link names one held message and its expiry (its purge), signed for this purpose alone
 * (lib/signed-token.ts): no other signature of the site is a release link.
 */
export const RELEASE_PATH = '/api/contact/messages-retenus';

const tokens = signedTokens('sorel-aubry held message release link v1');

/** The token of a message's link: `{id}.{expiry, ms}.{signature}`, safe in a path segment. */
export function releaseToken(id: string, expiresAt: number, secret: string): string {
  return tokens.sign(id, expiresAt, secret);
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
  const check = tokens.check(token, secret, now);
  if (!check.valid) return check;
  // A release link always expires: one without an expiry was not made here.
  if (check.expiresAt === null) return { valid: false, reason: 'invalid' };
  return { valid: true, id: check.id, expiresAt: check.expiresAt };
}
