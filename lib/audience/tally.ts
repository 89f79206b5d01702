import type { VitalMetric } from './vitals';

/**
 * In memory until the next write: one key per Paris day and figure, never per visitor. The keys
 * are bounded (invented not-found addresses cannot fill the memory): past MAX_KEYS a new key is
 * dropped while those held go on counting.
 */
export interface CountKey {
  day: string;
  path: string;
  measure: Measure;
  value: string;
}

export type Measure =
  | 'view'
  | 'entry'
  | 'search'
  | 'referrer'
  | 'device'
  | 'not-found'
  | 'contact'
  | 'subscribers'
  | 'letters';

export interface VitalKey {
  day: string;
  kind: string;
  metric: VitalMetric;
  bucket: number;
}

export interface Taken {
  counts: (CountKey & { count: number })[];
  vitals: (VitalKey & { count: number })[];
  /** With the French title they had then. */
  titles: { slug: string; title: string; day: string }[];
}

export const MAX_KEYS = 20_000;

export class AudienceTally {
  private counts = new Map<string, CountKey & { count: number }>();
  private vitals = new Map<string, VitalKey & { count: number }>();
  private titles = new Map<string, { slug: string; title: string; day: string }>();
  dropped = 0;

  count(key: CountKey, by = 1): void {
    const id = `${key.day}\u0000${key.path}\u0000${key.measure}\u0000${key.value}`;
    const existing = this.counts.get(id);
    if (existing) existing.count += by;
    else if (this.counts.size + this.vitals.size < MAX_KEYS)
      this.counts.set(id, { ...key, count: by });
    else this.dropped += 1;
  }

  vital(key: VitalKey, by = 1): void {
    const id = `${key.day}\u0000${key.kind}\u0000${key.metric}\u0000${key.bucket}`;
    const existing = this.vitals.get(id);
    if (existing) existing.count += by;
    else if (this.counts.size + this.vitals.size < MAX_KEYS)
      this.vitals.set(id, { ...key, count: by });
    else this.dropped += 1;
  }

  title(slug: string, title: string, day: string): void {
    this.titles.set(slug, { slug, title, day });
  }

  get empty(): boolean {
    return this.counts.size === 0 && this.vitals.size === 0 && this.titles.size === 0;
  }

  take(): Taken {
    const taken = {
      counts: [...this.counts.values()],
      vitals: [...this.vitals.values()],
      titles: [...this.titles.values()],
    };
    this.counts = new Map();
    this.vitals = new Map();
    this.titles = new Map();
    this.dropped = 0;
    return taken;
  }

  restore(taken: Taken): void {
    for (const { count, ...key } of taken.counts) this.count(key, count);
    for (const { count, ...key } of taken.vitals) this.vital(key, count);
    for (const { slug, title, day } of taken.titles)
      if (!this.titles.has(slug)) this.title(slug, title, day);
  }
}

/** How the letters' subscribers changed: confirmed, left, or removed as refused by their server. */
export type SubscriberChange = 'new' | 'unsubscribed' | 'refused';

/** Counts only, as for contact messages: the report never names a subscriber. */
export function countSubscriberChange(
  tally: AudienceTally,
  day: string,
  change: SubscriberChange,
): void {
  tally.count({ day, path: '', measure: 'subscribers', value: change });
}

export function countLetterSent(tally: AudienceTally, day: string): void {
  tally.count({ day, path: '', measure: 'letters', value: 'sent' });
}

/** Counted when stored: held messages are purged after 30 days. */
export function countContactMessage(tally: AudienceTally, day: string, held: boolean): void {
  tally.count({ day, path: '', measure: 'contact', value: 'received' });
  if (held) tally.count({ day, path: '', measure: 'contact', value: 'held' });
}
