import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArticles } from '@/lib/articles/source';
import { ARTICLE_CACHE_MAX_AGE_MS, ArticleStore } from '@/lib/articles/store';
import type { Article } from '@/lib/articles/types';
import { startSheetServer, type SheetServer } from '../support/sheet-server';

/** The store against a real HTTP sheet, with an injected clock (no sleeping). */
let sheet: SheetServer;

beforeAll(async () => {
  sheet = await startSheetServer({ kind: 'rows', rows: [{ titre: 'Avant', statut: 'Publié' }] });
});
afterAll(() => sheet.close());

function titles(store: ArticleStore<Article>) {
  return store.snapshot().articles.map((article) => article.title);
}

describe('the 5-minute boundary', () => {
  it('serves the cached copy until 300 000 ms, then refreshes in the background', async () => {
    let now = 0;
    const logs: string[] = [];
    const store = new ArticleStore<Article>({
      load: () => loadArticles({ kind: 'url', url: sheet.url }),
      now: () => now,
      log: (message) => logs.push(message),
    });
    await store.get();
    const hitsAfterFirstLoad = sheet.hits();
    expect(titles(store)).toEqual(['Avant']);

    sheet.set({ kind: 'rows', rows: [{ titre: 'Après', statut: 'Publié' }] });
    now = ARTICLE_CACHE_MAX_AGE_MS - 1;
    expect((await store.get()).articles.map((a) => a.title)).toEqual(['Avant']);
    expect(sheet.hits()).toBe(hitsAfterFirstLoad);

    now = ARTICLE_CACHE_MAX_AGE_MS;
    // The visitor at the boundary is not kept waiting: the old copy, at once.
    expect((await store.get()).articles.map((a) => a.title)).toEqual(['Avant']);
    await store.refreshNow();
    expect(titles(store)).toEqual(['Après']);

    sheet.set({ kind: 'garbage' });
    now += ARTICLE_CACHE_MAX_AGE_MS;
    await store.get();
    await store.refreshNow();
    expect(titles(store)).toEqual(['Après']);
    expect(logs.at(-1)).toContain('still serving the last good articles');
  });

  it('gives up on a slow sheet after the timeout', async () => {
    sheet.set({ kind: 'slow', delayMs: 200, rows: [{ titre: 'Lent', statut: 'Publié' }] });
    const store = new ArticleStore<Article>({
      load: () => loadArticles({ kind: 'url', url: sheet.url }),
      log: () => {},
    });
    expect((await store.get()).articles.map((a) => a.title)).toEqual(['Lent']);
  });
});
