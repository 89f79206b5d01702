/**
 * Real loading times (docs/behaviour.md, Audience measurement): the four metrics the pages
 * report through Google's `web-vitals` library, Google's thresholds for each, and the buckets
 * their distributions are kept in. Every threshold is a bucket bound, so a 75th percentile read
 * from the buckets is rated exactly; CLS (unitless) is kept in thousandths.
 */
export const vitalMetrics = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalMetric = (typeof vitalMetrics)[number];

/** Google's thresholds: good up to the first, poor beyond the second (web.dev). */
export const vitalThresholds: Record<VitalMetric, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
};

const times = [
  50, 100, 150, 200, 250, 300, 400, 500, 600, 700, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000,
  3500, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000, 30_000, 60_000, 120_000,
];
const shiftsInThousandths = [
  0, 10, 25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000,
];

/**
 * Each bucket's upper bound, in the stored unit. The last bound is the largest value a page may
 * report: anything beyond it is not a plausible loading time, and the receiver refuses it.
 */
export const vitalBuckets: Record<VitalMetric, readonly number[]> = {
  LCP: times,
  INP: times.filter((bound) => bound <= 60_000),
  CLS: shiftsInThousandths,
  TTFB: times,
};

/** The metric's value in the stored unit (CLS in thousandths, rounded up; times in ms). */
export function storedUnit(metric: VitalMetric, value: number): number {
  return metric === 'CLS' ? Math.ceil(value * 1000 - 1e-9) : value;
}

/** The bucket (its upper bound) of a reported value, or null when it is not a plausible one. */
export function bucketOf(metric: VitalMetric, value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const stored = storedUnit(metric, value);
  return vitalBuckets[metric].find((bound) => stored <= bound) ?? null;
}

/** The reported unit of a stored bucket bound: CLS back from thousandths. */
export function reportedUnit(metric: VitalMetric, bound: number): number {
  return metric === 'CLS' ? bound / 1000 : bound;
}

export type Histogram = ReadonlyMap<number, number>;

/**
 * The 75th percentile of a distribution, as the upper bound of the bucket that holds it (in the
 * reported unit): "75 % of page views at most this". Null without any page view.
 */
export function p75(metric: VitalMetric, histogram: Histogram): number | null {
  const total = [...histogram.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const bound of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bound) ?? 0;
    if (seen >= 0.75 * total) return reportedUnit(metric, bound);
  }
  return null;
}

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rating(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = vitalThresholds[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}
