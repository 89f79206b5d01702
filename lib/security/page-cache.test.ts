import { describe, expect, it } from 'vitest';
import { PAGE_CACHE_NONCE_HEADER, responseNonce, submissionIdPlaceholder } from './page-cache';

describe('responseNonce (nginx’s page cache, docs/page-cache.md)', () => {
  const secret = 'a'.repeat(16) + 'b'.repeat(32);
  const asking = (value: string) => new Headers({ [PAGE_CACHE_NONCE_HEADER]: value });

  it('uses the placeholder only when nginx sends the deployment’s own secret', () => {
    expect(responseNonce(asking(secret), secret)).toEqual({ nonce: secret, placeholder: true });
    for (const headers of [asking(`${secret}x`), asking(secret.slice(1)), new Headers()]) {
      const answer = responseNonce(headers, secret);
      expect(answer.placeholder).toBe(false);
      expect(answer.nonce).not.toBe(secret);
    }
  });

  it('gives a new random nonce each time without a secret, or with one too short to be secret or not hexadecimal', () => {
    for (const value of [undefined, 'short', 'G'.repeat(48)]) {
      const nonces = [
        responseNonce(asking(value ?? ''), value),
        responseNonce(new Headers(), value),
      ];
      expect(nonces.map((n) => n.placeholder)).toEqual([false, false]);
      expect(nonces[0]!.nonce).not.toBe(nonces[1]!.nonce);
    }
  });
});

/** A version-4 UUID, the form the contact form's submission identifiers take. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('submissionIdPlaceholder (a kept home page’s form, docs/page-cache.md)', () => {
  it('is a version-4 UUID made of the placeholder’s digits, the same for the same placeholder', () => {
    const placeholder = '0123456789abcdef0123456789abcdef0123456789abcdef';
    const id = submissionIdPlaceholder(placeholder);
    expect(id).toMatch(UUID_V4);
    expect(id).toBe('01234567-89ab-4def-8123-456789abcdef');
    expect(submissionIdPlaceholder(placeholder)).toBe(id);
  });

  it('refuses a placeholder that is not hexadecimal', () => {
    expect(() => submissionIdPlaceholder('z'.repeat(48))).toThrow(/hexadecimal/);
  });
});
