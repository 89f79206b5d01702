import { describe, expect, it } from 'vitest';
import { retentionCutoff } from './retention';

describe('retention', () => {
  it('keeps 3 calendar years', () => {
    expect(retentionCutoff(Date.UTC(2028, 4, 6, 10))).toBe(Date.UTC(2025, 4, 6, 10));
    expect(retentionCutoff(Date.UTC(2028, 1, 29))).toBe(Date.UTC(2025, 2, 1));
  });
});
