import { describe, expect, it } from 'vitest';
import { checkConfirmToken, checkUnsubscribeToken, confirmUrl, unsubscribeUrl } from './links';
import { UNCONFIRMED_KEEP_MS } from './store';

const secret = 'a shared secret of the instances';
const id = '0b6f3c1e-52a4-4d8e-9f10-2a3b4c5d6e7f';
const sentAt = Date.UTC(2026, 10, 24, 9);
const site = 'https://www.example.fr/';

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe("the subscribers' links", () => {
  const confirm = confirmUrl(site, id, sentAt, secret);
  const unsubscribe = unsubscribeUrl(site, id, secret);

  it('confirm the address they name for as long as an unconfirmed address is kept', () => {
    expect(confirm.startsWith('https://www.example.fr/api/veille/confirmation/')).toBe(true);
    const expiresAt = sentAt + UNCONFIRMED_KEEP_MS;
    expect(checkConfirmToken(tokenOf(confirm), secret, expiresAt - 1)).toEqual({
      valid: true,
      id,
      expiresAt,
    });
    expect(checkConfirmToken(tokenOf(confirm), secret, expiresAt)).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('unsubscribe at any date: the link never expires', () => {
    expect(unsubscribe.startsWith('https://www.example.fr/api/veille/desinscription/')).toBe(true);
    expect(checkUnsubscribeToken(tokenOf(unsubscribe), secret)).toEqual({
      valid: true,
      id,
      expiresAt: null,
    });
  });

  it('are worth nothing for another purpose, with another secret or altered', () => {
    const confirmToken = tokenOf(confirm);
    const unsubscribeToken = tokenOf(unsubscribe);
    expect(checkUnsubscribeToken(confirmToken, secret)).toMatchObject({ valid: false });
    expect(checkConfirmToken(unsubscribeToken, secret, sentAt)).toMatchObject({ valid: false });
    expect(checkUnsubscribeToken(unsubscribeToken, 'another secret')).toMatchObject({
      valid: false,
    });
    expect(checkUnsubscribeToken(unsubscribeToken, undefined)).toMatchObject({ valid: false });
    const flipped = `${unsubscribeToken.slice(0, -1)}${unsubscribeToken.endsWith('A') ? 'B' : 'A'}`;
    expect(checkUnsubscribeToken(flipped, secret)).toEqual({ valid: false, reason: 'invalid' });
  });
});
