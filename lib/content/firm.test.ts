import { describe, expect, it } from 'vitest';
import { copyrightYears } from './firm';

describe('the copyright years of the footer', () => {
  it('run from the opening year to the current year in Paris', () => {
    expect(copyrightYears(new Date('2025-06-01T12:00:00Z'))).toBe('2025');
    expect(copyrightYears(new Date('2026-11-23T12:00:00Z'))).toBe('2025–2026');
    expect(copyrightYears(new Date('2031-03-01T12:00:00Z'))).toBe('2025–2031');
  });

  it('turn with the new year in Paris, not in UTC', () => {
    // 31 December 2025, 23:30 UTC is already 00:30 on 1 January 2026 in Paris.
    expect(copyrightYears(new Date('2025-12-31T23:30:00Z'))).toBe('2025–2026');
    expect(copyrightYears(new Date('2025-12-31T22:59:00Z'))).toBe('2025');
  });
});
