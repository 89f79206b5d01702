import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetReading } from '@/lib/articles/normalise';
import { loadSheet, SHEET_TIMEOUT_MS } from '@/lib/articles/source';
import { ARTICLE_CACHE_MAX_AGE_MS, ArticleStore } from '@/lib/articles/store';
import { startSheetServer, type SheetServer } from '../../harness/sheet-server';

/** The store against a real HTTP sheet, with an injected clock (no sleeping). */
let sheet: SheetServer;

beforeAll(async () => {
  sheet = await startSheetServer({ kind: 'rows', rows: [{ titre: 'Avant', statut: 'Publié' }] });
});
afterAll(() => sheet.close());

function titles(store: ArticleStore<SheetReading>) {
  return (store.snapshot().data?.articles ?? []).map((article) => article.title);
}

describe('the refresh boundary, ahead of the 5-minute limit', () => {
  it('serves the cached copy until the refresh age, then refreshes in the background', async () => {
    sheet.set({ kind: 'rows', rows: [{ titre: 'Avant', statut: 'Publié' }] });
    let now = 0;
    const logs: string[] = [];
    const store = new ArticleStore<SheetReading>({
      load: () => loadSheet({ kind: 'url', url: sheet.url }),
      loadTimeoutMs: SHEET_TIMEOUT_MS,
      now: () => now,
      log: (message) => logs.push(message),
    });
    expect(store.refreshAtAgeMs).toBeLessThan(ARTICLE_CACHE_MAX_AGE_MS);
    await store.get();
    const hitsAfterFirstLoad = sheet.hits();
    expect(titles(store)).toEqual(['Avant']);

    sheet.set({ kind: 'rows', rows: [{ titre: 'Après', statut: 'Publié' }] });
    now = store.refreshAtAgeMs - 1;
    expect((await store.get()).data?.articles.map((a) => a.title)).toEqual(['Avant']);
    store.refreshIfDue();
    expect(sheet.hits()).toBe(hitsAfterFirstLoad);

    now = store.refreshAtAgeMs;
    // The visitor at the boundary is not kept waiting: the old copy, at once.
    expect((await store.get()).data?.articles.map((a) => a.title)).toEqual(['Avant']);
    await store.refreshNow();
    expect(titles(store)).toEqual(['Après']);

    sheet.set({ kind: 'garbage' });
    now += ARTICLE_CACHE_MAX_AGE_MS;
    await store.get();
    await store.refreshNow();
    expect(titles(store)).toEqual(['Après']);
    expect(logs.at(-1)).toContain('still serving the last good articles');
  });
});

describe('the sheet timeout', () => {
  const storeWithTimeout = (errors: unknown[], timeoutMs: number) =>
    new ArticleStore<SheetReading>({
      load: () => loadSheet({ kind: 'url', url: sheet.url }, { timeoutMs }),
      loadTimeoutMs: timeoutMs,
      log: (_message, error) => errors.push(error),
    });

  it('gives up on a sheet that never answers once the timeout passes, keeping the last copy', async () => {
    sheet.set({ kind: 'rows', rows: [{ titre: 'Bon', statut: 'Publié' }] });
    const errors: unknown[] = [];
    const timeoutMs = 150;
    const store = storeWithTimeout(errors, timeoutMs);
    await store.get();
    sheet.set({ kind: 'hang' });
    const started = performance.now();
    expect(await store.refreshNow()).toBe(false);
    // The given timeout ended the wait, not the 8 s default.
    expect(performance.now() - started).toBeLessThan(SHEET_TIMEOUT_MS);
    expect(errors).toEqual([expect.objectContaining({ name: 'TimeoutError' })]);
    expect(titles(store)).toEqual(['Bon']);
  });

  it('waits for a slow sheet that answers within the timeout', async () => {
    sheet.set({ kind: 'slow', delayMs: 200, rows: [{ titre: 'Lent', statut: 'Publié' }] });
    const errors: unknown[] = [];
    const store = storeWithTimeout(errors, 5_000);
    expect((await store.get()).data?.articles.map((a) => a.title)).toEqual(['Lent']);
    expect(errors).toEqual([]);
  });
});
