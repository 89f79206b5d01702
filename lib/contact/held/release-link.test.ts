import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkReleaseToken, releaseToken, releaseUrl } from './release-link';

const secret = 'a shared secret of the instances';
const id = '0b6f3c1e-52a4-4d8e-9f10-2a3b4c5d6e7f';
const now = Date.UTC(2026, 10, 24, 9);
const expiresAt = now + 30 * 24 * 60 * 60 * 1000;

describe('release links', () => {
  const token = releaseToken(id, expiresAt, secret);

  it('opens the message it names until it expires', () => {
    expect(checkReleaseToken(token, secret, now)).toEqual({ valid: true, id, expiresAt });
    expect(checkReleaseToken(token, secret, expiresAt - 1)).toMatchObject({ valid: true });
    expect(releaseUrl('https://www.example.fr/', token)).toBe(
      `https://www.example.fr/api/contact/messages-retenus/${token}`,
    );
  });

  it('is refused once expired, even with a right signature', () => {
    expect(checkReleaseToken(token, secret, expiresAt)).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('is refused when any part is altered', () => {
    const [tokenId, expiry, signature] = token.split('.') as [string, string, string];
    const otherId = `${tokenId.slice(0, -1)}${tokenId.endsWith('0') ? '1' : '0'}`;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const altered of [
      `${otherId}.${expiry}.${signature}`,
      `${tokenId}.${Number(expiry) + 1}.${signature}`,
      `${tokenId}.${expiry}.${flipped}`,
      `${tokenId}.${expiry}`,
      `${token}.x`,
      '',
    ])
      expect(checkReleaseToken(altered, secret, now)).toEqual({ valid: false, reason: 'invalid' });
  });

  it('is refused with another secret, without one, and when signed for another purpose', () => {
    expect(checkReleaseToken(token, 'another secret', now)).toMatchObject({ valid: false });
    expect(checkReleaseToken(token, undefined, now)).toMatchObject({ valid: false });
    // An HMAC of the same text with the secret itself (what previews do) is no release link.
    const plain = createHmac('sha256', secret).update(`${id}\n${expiresAt}`).digest('base64url');
    expect(checkReleaseToken(`${id}.${expiresAt}.${plain}`, secret, now)).toEqual({
      valid: false,
      reason: 'invalid',
    });
  });
});
