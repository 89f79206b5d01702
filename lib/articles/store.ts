import diagnostics from 'node:diagnostics_channel';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The 5-minute rule (300000 ms): articles are never served older, stated once. */
export const ARTICLE_CACHE_MAX_AGE_MS = 300_000;

/** How often the timer looks at the copy's age, so that it is refreshed even when nobody visits. */
export const ARTICLE_CHECK_EVERY_MS = 60_000;

/**
 * Published at each read of a store (get, refreshIfOlderThan), for a probe to count: Node's
 * diagnostics channel costs nothing without a subscriber (docs/testing.md, "Reads per render").
 */
export const ARTICLE_READ_CHANNEL = 'sorel-aubry-avocats:articles.read';
const reads = diagnostics.channel(ARTICLE_READ_CHANNEL);

/** What one load gave (`data`: the whole sheet as read), or the state before any good load. */
export type ArticleSnapshot<T> =
  { status: 'ok'; data: T; loadedAt: number } | { status: 'error'; data: null; loadedAt: null };

export interface ArticleStoreOptions<T> {
  load: () => Promise<T>;
  /** The longest one load may take (the sheet's timeout). */
  loadTimeoutMs: number;
  maxAgeMs?: number;
  checkEveryMs?: number;
  /** Milliseconds since the epoch; tests inject their own clock. */
  now?: () => number;
  log?: (message: string, error: unknown) => void;
  /**
   * The publish generation shared by every instance (fileGeneration): when it changes, the next
   * reader waits for a fresh load, so that /api/revalidate on one instance reaches them all.
   */
  generation?: () => number;
}

/**
 * A generation kept as a file's modification time (the unit may write only data/): `read` is a
 * stat, cheap enough for every request; `bump` marks a publish.
 */
export function fileGeneration(file: string) {
  return {
    read: () => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0,
    bump: () => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${new Date().toISOString()}\n`);
    },
  };
}

/**
 * Articles served from memory, never more than maxAgeMs old while the sheet answers. A refresh
 * starts ahead of that limit, once the copy is maxAgeMs − checkEveryMs − loadTimeoutMs old: the
 * timer sees that age within one period and the load ends within its timeout, so the new copy is
 * in place before the old one turns maxAgeMs. Meanwhile the old copy is served at once, so no
 * visitor waits on the sheet after the first good load. A failed refresh keeps the last good copy
 * and is logged; the error state exists only while no good copy ever loaded.
 */
export class ArticleStore<T> {
  /** Age of the copy at which a refresh starts. */
  readonly refreshAtAgeMs: number;
  readonly checkEveryMs: number;
  private good: { data: T; loadedAt: number } | null = null;
  private failure: unknown = null;
  private inflight: Promise<boolean> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly load: () => Promise<T>;
  private readonly now: () => number;
  private readonly log: (message: string, error: unknown) => void;
  private readonly generation: () => number;
  /** The generation the copy being served (or loaded) was read at. */
  private loadedGeneration: number | null = null;

  constructor(options: ArticleStoreOptions<T>) {
    const maxAgeMs = options.maxAgeMs ?? ARTICLE_CACHE_MAX_AGE_MS;
    this.checkEveryMs = options.checkEveryMs ?? ARTICLE_CHECK_EVERY_MS;
    this.refreshAtAgeMs = maxAgeMs - this.checkEveryMs - options.loadTimeoutMs;
    if (this.refreshAtAgeMs <= 0)
      throw new Error('the cache lifetime must exceed the check period plus the load timeout');
    this.load = options.load;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message, error) => console.error(message, error));
    this.generation = options.generation ?? (() => 0);
  }

  private isDue(): boolean {
    return this.good === null || this.now() - this.good.loadedAt >= this.refreshAtAgeMs;
  }

  async get(): Promise<ArticleSnapshot<T>> {
    reads.publish(null);
    if (this.good === null) await this.refresh();
    else if (this.generation() !== this.loadedGeneration) await this.refreshNow();
    else if (this.isDue()) void this.refresh();
    return this.snapshot();
  }

  snapshot(): ArticleSnapshot<T> {
    return this.good
      ? { status: 'ok', data: this.good.data, loadedAt: this.good.loadedAt }
      : { status: 'error', data: null, loadedAt: null };
  }

  /** Loads now (one load at a time); true when the new articles are being served. */
  refresh(): Promise<boolean> {
    if (this.inflight) return this.inflight;
    // The copy is dated from the start of its load: the sheet was read no earlier than that.
    const startedAt = this.now();
    this.loadedGeneration = this.generation();
    this.inflight = this.load()
      .then((data) => {
        this.good = { data, loadedAt: startedAt };
        this.failure = null;
        return true;
      })
      .catch((error: unknown) => {
        this.failure = error;
        this.log(
          this.good
            ? '[articles] refresh failed, still serving the last good articles'
            : '[articles] loading failed and no articles were ever loaded',
          error,
        );
        return false;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  /** A fresh load that starts after any load already running (the sheet may have changed since). */
  async refreshNow(): Promise<boolean> {
    await this.inflight;
    return this.refresh();
  }

  /** Why the last load failed, or null when it succeeded. */
  lastFailure(): unknown {
    return this.failure;
  }

  /**
   * Waits for a copy at most maxAgeMs old (reusing a load already running), for the one reader
   * who has just edited the sheet: a preview. Keeps the last good copy if the sheet fails.
   */
  async refreshIfOlderThan(maxAgeMs: number): Promise<void> {
    reads.publish(null);
    if (this.good === null || this.now() - this.good.loadedAt > maxAgeMs) await this.refresh();
  }

  /** The timer's work: a refresh once one is due, and another try while none ever succeeded. */
  refreshIfDue(): void {
    if (this.isDue()) void this.refresh();
  }

  /** Checks every checkEveryMs for the life of the process (the timer never keeps it alive). */
  startTimer(): void {
    this.timer ??= setInterval(() => this.refreshIfDue(), this.checkEveryMs);
    this.timer.unref();
  }
}
