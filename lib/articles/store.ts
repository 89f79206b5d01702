/** The 5-minute rule (SPEC 9: 300000 ms), stated once. */
export const ARTICLE_CACHE_MAX_AGE_MS = 300_000;

export type ArticleSnapshot<T> =
  | { status: 'ok'; articles: T[]; loadedAt: number }
  | { status: 'error'; articles: []; loadedAt: null };

export interface ArticleStoreOptions<T> {
  load: () => Promise<T[]>;
  maxAgeMs?: number;
  /** Milliseconds since the epoch; tests inject their own clock. */
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

/**
 * Articles served from memory, at most maxAgeMs old: once stale, the last good copy is still
 * served while one background refresh runs, so no visitor waits on the sheet after the first
 * good load. A failed refresh keeps the last good copy and is logged; the error state exists
 * only while no good copy ever loaded.
 */
export class ArticleStore<T> {
  private good: { articles: T[]; loadedAt: number } | null = null;
  private inflight: Promise<boolean> | null = null;
  private readonly load: () => Promise<T[]>;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly log: (message: string, error: unknown) => void;

  constructor(options: ArticleStoreOptions<T>) {
    this.load = options.load;
    this.maxAgeMs = options.maxAgeMs ?? ARTICLE_CACHE_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message, error) => console.error(message, error));
  }

  isStale(): boolean {
    return this.good === null || this.now() - this.good.loadedAt >= this.maxAgeMs;
  }

  async get(): Promise<ArticleSnapshot<T>> {
    if (this.good === null) await this.refresh();
    else if (this.isStale()) void this.refresh();
    return this.snapshot();
  }

  snapshot(): ArticleSnapshot<T> {
    return this.good
      ? { status: 'ok', articles: this.good.articles, loadedAt: this.good.loadedAt }
      : { status: 'error', articles: [], loadedAt: null };
  }

  /** Loads now (one load at a time); true when the new articles are being served. */
  refresh(): Promise<boolean> {
    this.inflight ??= this.load()
      .then((articles) => {
        this.good = { articles, loadedAt: this.now() };
        return true;
      })
      .catch((error: unknown) => {
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

  /** Called on a timer: refreshes a stale good copy even when nobody visits. */
  refreshIfStale(): void {
    if (this.good !== null && this.isStale()) void this.refresh();
  }
}
