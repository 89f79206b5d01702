import { describe, expect, it } from 'vitest';
import { bucketOf, p75, rating, vitalBuckets, vitalMetrics, vitalThresholds } from './vitals';

describe('loading-time buckets', () => {
  it('have every Google threshold as a bound, so a percentile is rated exactly', () => {
    for (const metric of vitalMetrics)
      for (const threshold of vitalThresholds[metric]) {
        const stored = metric === 'CLS' ? threshold * 1000 : threshold;
        expect(vitalBuckets[metric], `${metric} ${threshold}`).toContain(stored);
      }
  });

  it('put a value in the smallest bucket that holds it, and refuse the implausible', () => {
    expect(bucketOf('LCP', 0)).toBe(50);
    expect(bucketOf('LCP', 2500)).toBe(2500);
    expect(bucketOf('LCP', 2500.1)).toBe(3000);
    expect(bucketOf('CLS', 0)).toBe(0);
    expect(bucketOf('CLS', 0.1)).toBe(100);
    expect(bucketOf('CLS', 0.1001)).toBe(150);
    expect(bucketOf('INP', 60_000)).toBe(60_000);
    expect(bucketOf('INP', 60_001)).toBeNull();
    expect(bucketOf('LCP', 120_001)).toBeNull();
    expect(bucketOf('CLS', 10.5)).toBeNull();
    expect(bucketOf('TTFB', -1)).toBeNull();
    expect(bucketOf('TTFB', Number.NaN)).toBeNull();
    expect(bucketOf('TTFB', Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('p75 and its rating', () => {
  it('is the bound of the bucket holding the 75th percentile', () => {
    // 10 views: 7 at most 2.5 s, 3 at most 5 s: the 75th percentile is in the 5 s bucket.
    expect(
      p75(
        'LCP',
        new Map([
          [2500, 7],
          [5000, 3],
        ]),
      ),
    ).toBe(5000);
    expect(
      p75(
        'LCP',
        new Map([
          [2500, 8],
          [5000, 2],
        ]),
      ),
    ).toBe(2500);
    expect(p75('CLS', new Map([[100, 4]]))).toBe(0.1);
    expect(p75('INP', new Map())).toBeNull();
  });

  it('is rated against Google’s thresholds', () => {
    expect(rating('LCP', 2500)).toBe('good');
    expect(rating('LCP', 3000)).toBe('needs-improvement');
    expect(rating('LCP', 4000)).toBe('needs-improvement');
    expect(rating('LCP', 5000)).toBe('poor');
    expect(rating('CLS', 0.1)).toBe('good');
    expect(rating('CLS', 0.3)).toBe('poor');
    expect(rating('INP', 200)).toBe('good');
    expect(rating('TTFB', 1800)).toBe('needs-improvement');
  });
});
