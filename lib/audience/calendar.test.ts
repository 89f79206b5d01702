import { describe, expect, it } from 'vitest';
import { parisDay } from '@/lib/paris-clock';
import { addMonths, monthDays, retentionCutoffDay } from './calendar';

describe('the audience calendar (Paris)', () => {
  it('names the Paris day, summer time included', () => {
    // 31 October 2026, 23:30 UTC is already 1 November in Paris (UTC+1 in winter).
    expect(parisDay(Date.UTC(2026, 9, 31, 23, 30))).toBe('2026-11-01');
    // 30 June 2026, 22:30 UTC is 1 July 00:30 in Paris (UTC+2 in summer).
    expect(parisDay(Date.UTC(2026, 5, 30, 22, 30))).toBe('2026-07-01');
  });

  it('moves by months and knows their last day', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('2026-10')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('keeps 25 months: the cutoff is the same day 25 months earlier, or that month’s last', () => {
    expect(retentionCutoffDay(Date.UTC(2026, 10, 24, 12))).toBe('2024-10-24');
    expect(retentionCutoffDay(Date.UTC(2026, 2, 31, 12))).toBe('2024-02-29');
  });
});
