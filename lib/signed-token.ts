import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Tokens that name a row (and, if they expire, when), signed with a key derived from
 * REVALIDATE_SECRET for one purpose alone (HKDF): a token signed for one purpose (a held
 * message's release, a subscriber's confirmation) is worth nothing for another. Safe in a path
 * segment: `{id}.{expiry, ms}.{signature}`, or `{id}.{signature}` for a link that never expires.
 */
function key(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
}

function signature(secret: string, purpose: string, text: string): string {
  return createHmac('sha256', key(secret, purpose)).update(text).digest('base64url');
}

export type TokenCheck =
  | { valid: true; id: string; expiresAt: number | null }
  | { valid: false; reason: 'invalid' | 'expired' };

export interface SignedTokens {
  /** `expiresAt` null: a link that never expires (an unsubscribe link). */
  sign(id: string, expiresAt: number | null, secret: string): string;
  /** No secret, no valid token; an expired token is refused though its signature is right. */
  check(token: string, secret: string | undefined, now: number): TokenCheck;
}

const WITH_EXPIRY = /^([0-9a-f-]{1,64})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;
const WITHOUT_EXPIRY = /^([0-9a-f-]{1,64})\.([A-Za-z0-9_-]{43})$/;

export function signedTokens(purpose: string): SignedTokens {
  const text = (id: string, expiresAt: number | null) =>
    expiresAt === null ? id : `${id}\n${expiresAt}`;
  return {
    sign(id, expiresAt, secret) {
      const mac = signature(secret, purpose, text(id, expiresAt));
      return expiresAt === null ? `${id}.${mac}` : `${id}.${expiresAt}.${mac}`;
    },
    check(token, secret, now) {
      const withExpiry = WITH_EXPIRY.exec(token);
      const withoutExpiry = withExpiry ? null : WITHOUT_EXPIRY.exec(token);
      if (!secret || !(withExpiry ?? withoutExpiry)) return { valid: false, reason: 'invalid' };
      const [id = '', expiresAt, given = ''] = withExpiry
        ? [withExpiry[1], Number(withExpiry[2]), withExpiry[3]]
        : [withoutExpiry?.[1], null, withoutExpiry?.[2]];
      const expected = Buffer.from(signature(secret, purpose, text(id, expiresAt)));
      if (!timingSafeEqual(expected, Buffer.from(given)))
        return { valid: false, reason: 'invalid' };
      if (expiresAt !== null && now >= expiresAt) return { valid: false, reason: 'expired' };
      return { valid: true, id, expiresAt };
    },
  };
}
