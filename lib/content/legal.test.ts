import { describe, expect, it } from 'vitest';
import { firm } from './firm';
import { formatLegalDate, legalFacts } from './legal';

describe('legal facts', () => {
  it('dates the cookie policy 6 May 2025 and the privacy policy its last change, in each language', () => {
    expect(formatLegalDate('fr', firm.policiesUpdated.cookies)).toBe('6 mai 2025');
    expect(formatLegalDate('en', firm.policiesUpdated.cookies)).toBe('6 May 2025');
    expect(formatLegalDate('fr', firm.policiesUpdated.privacy)).toBe('28 novembre 2026');
    expect(formatLegalDate('en', firm.policiesUpdated.privacy)).toBe('28 November 2026');
  });

  it('gives every placeholder a non-empty value', () => {
    for (const locale of ['fr', 'en'] as const) {
      for (const [key, value] of Object.entries(legalFacts(locale))) {
        expect(value.trim(), `${locale}.${key}`).not.toBe('');
      }
    }
  });
});
