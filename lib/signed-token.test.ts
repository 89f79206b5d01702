import { describe, expect, it } from 'vitest';
import { signedTokens } from './signed-token';

const secret = 'a shared secret of the instances';
const id = '0b6f3c1e-52a4-4d8e-9f10-2a3b4c5d6e7f';
const now = Date.UTC(2026, 10, 24, 9);

describe('signed tokens', () => {
  const release = signedTokens('held message release');
  const confirmation = signedTokens('subscriber confirmation');

  it('are worth nothing for another purpose, though the secret and the text are the same', () => {
    const token = release.sign(id, now + 1000, secret);
    expect(release.check(token, secret, now)).toEqual({ valid: true, id, expiresAt: now + 1000 });
    expect(confirmation.check(token, secret, now)).toEqual({ valid: false, reason: 'invalid' });
    const lasting = release.sign(id, null, secret);
    expect(release.check(lasting, secret, now)).toEqual({ valid: true, id, expiresAt: null });
    expect(confirmation.check(lasting, secret, now)).toEqual({ valid: false, reason: 'invalid' });
  });

  it('cannot have their expiry removed or moved', () => {
    const token = release.sign(id, now + 1000, secret);
    const [tokenId, expiry, mac] = token.split('.') as [string, string, string];
    expect(release.check(`${tokenId}.${mac}`, secret, now)).toMatchObject({ valid: false });
    expect(release.check(`${tokenId}.${Number(expiry) + 1}.${mac}`, secret, now)).toMatchObject({
      valid: false,
    });
  });
});
