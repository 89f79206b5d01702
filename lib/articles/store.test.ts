import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHEET_TIMEOUT_MS } from './source';
import {
  ARTICLE_CACHE_MAX_AGE_MS,
  ARTICLE_CHECK_EVERY_MS,
  ArticleStore,
  fileGeneration,
} from './store';

/** A store wired as in production (5 minutes, 60 s timer, the sheet's 8 s timeout), on a test clock. */
function setup(initial: string[] = ['a']) {
  let time = 1_000_000;
  let next: () => Promise<string[]> = () => Promise.resolve(initial);
  const load = vi.fn(() => next());
  const log = vi.fn();
  const store = new ArticleStore<string[]>({
    load,
    loadTimeoutMs: SHEET_TIMEOUT_MS,
    now: () => time,
    log,
  });
  return {
    store,
    load,
    log,
    clock: () => time,
    advance: (ms: number) => (time += ms),
    answer: (fn: () => Promise<string[]>) => (next = fn),
  };
}

/** 232 000 ms: 5 minutes, less one timer period, less the longest a sheet load may take. */
const REFRESH_AT_AGE_MS = 232_000;

/**
 * Nobody visits; only the timer (first tick phaseMs after start-up) refreshes, and every load takes
 * the sheet's whole timeout. Returns the age of the oldest copy that was ever being served.
 */
async function oldestCopyServed(phaseMs: number, minutes = 30): Promise<number> {
  let time = 0;
  const loads: { endsAt: number; finish: () => void }[] = [];
  const store = new ArticleStore<string[]>({
    load: () =>
      new Promise<string[]>((resolve) =>
        loads.push({ endsAt: time + SHEET_TIMEOUT_MS, finish: () => resolve([`at ${time}`]) }),
      ),
    loadTimeoutMs: SHEET_TIMEOUT_MS,
    now: () => time,
    log: () => {},
  });
  const servedAge = () => {
    const snapshot = store.snapshot();
    return snapshot.status === 'ok' ? time - snapshot.loadedAt : 0;
  };
  let oldest = 0;
  let nextCheck = phaseMs;
  void store.refresh(); // start-up
  while (time < minutes * 60_000) {
    const load = loads[0];
    if (load && load.endsAt <= nextCheck) {
      time = load.endsAt;
      oldest = Math.max(oldest, servedAge()); // the last moment before the new copy lands
      const landed = store.refresh(); // the load in flight, not a new one
      loads.shift()?.finish();
      expect(await landed).toBe(true);
    } else {
      time = nextCheck;
      oldest = Math.max(oldest, servedAge());
      store.refreshIfDue();
      nextCheck += store.checkEveryMs;
    }
  }
  return oldest;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ArticleStore (at most 5 minutes old, refreshed ahead, stale-while-revalidate)', () => {
  it('uses one 300 000 ms constant', () => {
    expect(ARTICLE_CACHE_MAX_AGE_MS).toBe(300_000);
  });

  it('starts a refresh at 232 000 ms: 5 minutes less the 60 s timer period and the 8 s sheet timeout', () => {
    expect(setup().store.refreshAtAgeMs).toBe(REFRESH_AT_AGE_MS);
  });

  it('serves from memory until the copy is 232 000 ms old, not one millisecond less', async () => {
    const { store, load, advance } = setup();
    expect(await store.get()).toMatchObject({ status: 'ok', data: ['a'] });
    advance(REFRESH_AT_AGE_MS - 1);
    await store.get();
    store.refreshIfDue();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('at 232 000 ms serves the old copy at once and refreshes in the background', async () => {
    const { store, load, advance, answer } = setup();
    await store.get();
    let release: (value: string[]) => void = () => {};
    answer(() => new Promise((resolve) => (release = resolve)));
    advance(REFRESH_AT_AGE_MS);
    expect(await store.get()).toMatchObject({ data: ['a'] });
    expect(await store.get()).toMatchObject({ data: ['a'] });
    expect(load).toHaveBeenCalledTimes(2);
    release(['b']);
    await vi.waitFor(() => expect(store.snapshot()).toMatchObject({ data: ['b'] }));
  });

  it.each([0, 1, 7_999, 30_000, 59_999])(
    'never serves a copy older than 5 minutes, whatever the timer phase (%i ms)',
    async (phaseMs) => {
      const oldest = await oldestCopyServed(phaseMs);
      expect(oldest).toBeLessThanOrEqual(ARTICLE_CACHE_MAX_AGE_MS);
      // The refresh does not come needlessly early either.
      expect(oldest).toBeGreaterThanOrEqual(REFRESH_AT_AGE_MS + SHEET_TIMEOUT_MS);
    },
  );

  it('dates a copy from the start of its load', async () => {
    const { store, clock, advance, answer } = setup();
    let release: (value: string[]) => void = () => {};
    answer(() => new Promise((resolve) => (release = resolve)));
    const startedAt = clock();
    const loading = store.get();
    advance(5_000);
    release(['slow']);
    expect(await loading).toMatchObject({ data: ['slow'], loadedAt: startedAt });
  });

  it('keeps the last good copy when a refresh fails, and logs it', async () => {
    const { store, log, advance, answer } = setup();
    await store.get();
    answer(() => Promise.reject(new Error('HTTP 500')));
    advance(REFRESH_AT_AGE_MS);
    expect(await store.refresh()).toBe(false);
    expect(await store.get()).toMatchObject({ status: 'ok', data: ['a'] });
    expect(log).toHaveBeenCalledWith(
      '[articles] refresh failed, still serving the last good articles',
      expect.any(Error),
    );
  });

  it('shows the error state only while no good copy ever loaded', async () => {
    const { store, answer } = setup();
    answer(() => Promise.reject(new Error('down')));
    expect(await store.get()).toMatchObject({ status: 'error', data: null });
    answer(() => Promise.resolve(['c']));
    expect(await store.get()).toMatchObject({ status: 'ok', data: ['c'] });
  });

  it('the timer does nothing while the copy is fresh, and retries while none ever loaded', async () => {
    const { store, load, answer } = setup();
    answer(() => Promise.reject(new Error('down')));
    await store.get();
    answer(() => Promise.resolve(['d']));
    store.refreshIfDue();
    await vi.waitFor(() => expect(store.snapshot()).toMatchObject({ data: ['d'] }));
    store.refreshIfDue();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps why the last load failed until a load succeeds', async () => {
    const { store, answer } = setup();
    const down = new Error('HTTP 404');
    answer(() => Promise.reject(down));
    expect(await store.refresh()).toBe(false);
    expect(store.lastFailure()).toBe(down);
    answer(() => Promise.resolve(['e']));
    expect(await store.refresh()).toBe(true);
    expect(store.lastFailure()).toBeNull();
  });

  it('for a preview, reloads a copy older than asked and keeps a younger one', async () => {
    const { store, load, advance, answer } = setup();
    await store.get();
    advance(10_000);
    await store.refreshIfOlderThan(10_000);
    expect(load).toHaveBeenCalledTimes(1);
    answer(() => Promise.resolve(['edited']));
    advance(1);
    await store.refreshIfOlderThan(10_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(store.snapshot()).toMatchObject({ data: ['edited'] });
  });

  it('the timer looks every 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { store, load, advance } = setup();
    await store.get();
    store.startTimer();
    advance(REFRESH_AT_AGE_MS);
    vi.advanceTimersByTime(ARTICLE_CHECK_EVERY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('refuses a lifetime too short to refresh ahead of it', () => {
    expect(
      () =>
        new ArticleStore<string[]>({
          load: () => Promise.resolve([]),
          maxAgeMs: ARTICLE_CHECK_EVERY_MS + SHEET_TIMEOUT_MS,
          loadTimeoutMs: SHEET_TIMEOUT_MS,
        }),
    ).toThrow(/must exceed/);
  });
});

describe('the publish generation shared by the instances (/api/revalidate)', () => {
  it('has every store that shares the generation file reload before its next reader', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sa-generation-'));
    try {
      const generation = fileGeneration(path.join(dir, 'data/articles-generation'));
      let sheet = ['before'];
      const stores = [1, 2].map(
        () =>
          new ArticleStore<string[]>({
            load: () => Promise.resolve(sheet),
            loadTimeoutMs: SHEET_TIMEOUT_MS,
            generation: generation.read,
          }),
      );
      for (const store of stores) expect((await store.get()).data).toEqual(['before']);
      sheet = ['after'];
      // Without a publish, the copies stay until their age says otherwise.
      for (const store of stores) expect((await store.get()).data).toEqual(['before']);
      generation.bump();
      for (const store of stores) expect((await store.get()).data).toEqual(['after']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
