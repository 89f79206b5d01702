import { describe, expect, it } from 'vitest';
import { formatLegalDate, legalFacts } from './legal';

describe('legal facts', () => {
  it('dates the policies 6 May 2025 in each language', () => {
    expect(formatLegalDate('fr')).toBe('6 mai 2025');
    expect(formatLegalDate('en')).toBe('6 May 2025');
  });

  it('gives every placeholder a non-empty value', () => {
    for (const locale of ['fr', 'en'] as const) {
      for (const [key, value] of Object.entries(legalFacts(locale))) {
        expect(value.trim(), `${locale}.${key}`).not.toBe('');
      }
    }
  });
});
