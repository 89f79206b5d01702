import { describe, expect, it } from 'vitest';
import { readConfig } from '@/lib/config';
import { outboxSettings, RETRY_CAP_MS, retryDelayMs } from './settings';

describe('outbox retry schedule', () => {
  const { retryBaseMs } = outboxSettings(readConfig({}));

  it('retries first within 30 s, then doubles', () => {
    expect(retryDelayMs(1, retryBaseMs)).toBeLessThanOrEqual(30_000);
    expect(retryDelayMs(2, retryBaseMs)).toBe(2 * retryDelayMs(1, retryBaseMs));
    expect(retryDelayMs(3, retryBaseMs)).toBe(4 * retryDelayMs(1, retryBaseMs));
  });

  it('never waits more than one hour', () => {
    expect(RETRY_CAP_MS).toBe(3_600_000);
    for (const failures of [10, 20, 100, 10_000])
      expect(retryDelayMs(failures, retryBaseMs)).toBe(3_600_000);
  });

  it('reads the test-only knobs and refuses nonsense', () => {
    expect(
      outboxSettings(readConfig({ CONTACT_RETRY_BASE_MS: '300', CONTACT_OUTBOX_POLL_MS: '100' })),
    ).toEqual({ retryBaseMs: 300, pollMs: 100 });
    expect(() => readConfig({ CONTACT_RETRY_BASE_MS: 'soon' })).toThrow(/CONTACT_RETRY_BASE_MS/);
    expect(() => readConfig({ CONTACT_RETRY_BASE_MS: '600000' })).toThrow(/CONTACT_RETRY_BASE_MS/);
  });
});
