import { describe, expect, it } from 'vitest';
import { isPreviewToken, previewToken } from './preview';

const secret = 'un-secret-de-test-assez-long';

describe('preview tokens', () => {
  it('open the preview of their own slug with the secret they were made with', () => {
    const token = previewToken('projet-confidentiel', secret);
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(isPreviewToken('projet-confidentiel', token, secret)).toBe(true);
  });

  it('do not open another slug, nor survive a change of secret', () => {
    const token = previewToken('projet-confidentiel', secret);
    expect(isPreviewToken('autre-article', token, secret)).toBe(false);
    expect(isPreviewToken('projet-confidentiel', token, `${secret}-nouveau`)).toBe(false);
  });

  it('refuse a missing, shortened, lengthened or altered token, and every token without a secret', () => {
    const token = previewToken('veille', secret);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [null, undefined, '', token.slice(0, -1), `${token}A`, altered])
      expect(isPreviewToken('veille', wrong, secret)).toBe(false);
    expect(isPreviewToken('veille', token, undefined)).toBe(false);
    expect(isPreviewToken('veille', token, '')).toBe(false);
  });
});
