import { describe, expect, it, vi } from 'vitest';
import { ARTICLE_CACHE_MAX_AGE_MS, ArticleStore } from './store';

function setup(initial: string[] = ['a']) {
  let time = 1_000_000;
  let next: () => Promise<string[]> = () => Promise.resolve(initial);
  const load = vi.fn(() => next());
  const log = vi.fn();
  const store = new ArticleStore<string>({ load, now: () => time, log });
  return {
    store,
    load,
    log,
    advance: (ms: number) => (time += ms),
    answer: (fn: () => Promise<string[]>) => (next = fn),
  };
}

describe('ArticleStore (5-minute cache, stale-while-revalidate)', () => {
  it('uses one 300 000 ms constant', () => {
    expect(ARTICLE_CACHE_MAX_AGE_MS).toBe(300_000);
  });

  it('loads once, then serves from memory until the copy is 5 minutes old', async () => {
    const { store, load, advance } = setup();
    expect(await store.get()).toMatchObject({ status: 'ok', articles: ['a'] });
    advance(ARTICLE_CACHE_MAX_AGE_MS - 1);
    await store.get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('at 5 minutes serves the old copy at once and refreshes in the background', async () => {
    const { store, load, advance, answer } = setup();
    await store.get();
    let release: (value: string[]) => void = () => {};
    answer(() => new Promise((resolve) => (release = resolve)));
    advance(ARTICLE_CACHE_MAX_AGE_MS);
    expect(await store.get()).toMatchObject({ articles: ['a'] });
    expect(await store.get()).toMatchObject({ articles: ['a'] });
    expect(load).toHaveBeenCalledTimes(2);
    release(['b']);
    await vi.waitFor(() => expect(store.snapshot()).toMatchObject({ articles: ['b'] }));
  });

  it('keeps the last good copy when a refresh fails, and logs it', async () => {
    const { store, log, advance, answer } = setup();
    await store.get();
    answer(() => Promise.reject(new Error('HTTP 500')));
    advance(ARTICLE_CACHE_MAX_AGE_MS);
    expect(await store.refresh()).toBe(false);
    expect(await store.get()).toMatchObject({ status: 'ok', articles: ['a'] });
    expect(log).toHaveBeenCalled();
  });

  it('shows the error state only while no good copy ever loaded', async () => {
    const { store, answer } = setup();
    answer(() => Promise.reject(new Error('down')));
    expect(await store.get()).toMatchObject({ status: 'error', articles: [] });
    answer(() => Promise.resolve(['c']));
    expect(await store.get()).toMatchObject({ status: 'ok', articles: ['c'] });
  });

  it('refreshIfStale does nothing before the first load nor while fresh', async () => {
    const { store, load, advance } = setup();
    store.refreshIfStale();
    expect(load).not.toHaveBeenCalled();
    await store.get();
    store.refreshIfStale();
    expect(load).toHaveBeenCalledTimes(1);
    advance(ARTICLE_CACHE_MAX_AGE_MS);
    store.refreshIfStale();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
