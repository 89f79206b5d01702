import diagnostics from 'node:diagnostics_channel';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The 5-minute rule (300000 ms): articles are never served older, stated once. */
export const ARTICLE_CACHE_MAX_AGE_MS = 300_000;

/** So that the copy is refreshed even when nobody visits. */
export const ARTICLE_CHECK_EVERY_MS = 60_000;

/** Published at each read, for a probe to count (docs/testing.md, "Reads per render"). */
export const ARTICLE_READ_CHANNEL = 'sorel-aubry-avocats:articles.read';
const reads = diagnostics.channel(ARTICLE_READ_CHANNEL);

export type ArticleSnapshot<T> =
  { status: 'ok'; data: T; loadedAt: number } | { status: 'error'; data: null; loadedAt: null };

export interface ArticleStoreOptions<T> {
  load: () => Promise<T>;
  loadTimeoutMs: number;
  maxAgeMs?: number;
  checkEveryMs?: number;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
  /** Shared by every instance: a change makes the next reader wait for a fresh load. */
  generation?: () => number;
}

/** The generation as a file's mtime (the unit may write only data/): a stat per request. */
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
 * Refreshes at maxAgeMs − checkEveryMs − loadTimeoutMs of age, so the new copy is in place before
 * the old one turns maxAgeMs; the old one is served meanwhile and kept if the refresh fails.
 */
export class ArticleStore<T> {
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

  /** One load at a time; true when the new articles are being served. */
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

  lastFailure(): unknown {
    return this.failure;
  }

  /** For a preview: the editor has just changed the sheet. */
  async refreshIfOlderThan(maxAgeMs: number): Promise<void> {
    reads.publish(null);
    if (this.good === null || this.now() - this.good.loadedAt > maxAgeMs) await this.refresh();
  }

  refreshIfDue(): void {
    if (this.isDue()) void this.refresh();
  }

  startTimer(): void {
    this.timer ??= setInterval(() => this.refreshIfDue(), this.checkEveryMs);
    this.timer.unref();
  }
}
