import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNextServer, type NextServer } from '../support/next-server';
import { startSheetServer, type SheetServer } from '../support/sheet-server';

/**
 * The list's loading state ('Chargement des articles...'): on a cold start the sheet is
 * still being read, so the page streams its header and the loading text first, then the list in
 * the same answer. Once the articles are in memory, the list is in the HTML from the start.
 */
let sheet: SheetServer;
let site: NextServer;

beforeAll(async () => {
  sheet = await startSheetServer({
    kind: 'slow',
    delayMs: 4_000,
    rows: [{ titre: 'Lenteur du tableur', statut: 'Publié', title_en: 'A slow sheet' }],
  });
  site = await startNextServer({ ARTICLES_SHEET_URL: sheet.url });
});

afterAll(async () => {
  await site?.stop();
  await sheet?.close();
});

/** The answer's body as the chunks arrived, and its status. */
async function chunksOf(path: string): Promise<{ status: number; chunks: string[] }> {
  const response = await fetch(`${site.url}${path}`);
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`${path} has no body`);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(decoder.decode(value, { stream: true }));
  }
  return { status: response.status, chunks };
}

/** Index of the first chunk whose text, with all before it, contains the needle. */
function arrivalOf(chunks: string[], needle: string): number {
  let seen = '';
  return chunks.findIndex((chunk) => (seen += chunk).includes(needle));
}

describe('the article list while the sheet is read', () => {
  it('streams the loading text first, then the list, in both languages', async () => {
    const [fr, en] = await Promise.all([chunksOf('/fr/blog'), chunksOf('/en/actualites')]);
    expect(sheet.hits()).toBeGreaterThan(0);
    for (const [answer, loading, title] of [
      [fr, 'Chargement des articles...', 'Lenteur du tableur'],
      [en, 'Loading articles...', 'A slow sheet'],
    ] as const) {
      expect(answer.status).toBe(200);
      const loadingAt = arrivalOf(answer.chunks, loading);
      const titleAt = arrivalOf(answer.chunks, title);
      expect(loadingAt).toBeGreaterThanOrEqual(0);
      expect(titleAt).toBeGreaterThan(loadingAt);
      // The heading does not wait for the sheet.
      expect(arrivalOf(answer.chunks, '<h1')).toBeLessThanOrEqual(loadingAt);
    }
  });

  it('once the articles are in memory, the list is in the first HTML, with no loading text', async () => {
    const { chunks } = await chunksOf('/fr/blog');
    const html = chunks.join('');
    expect(html).toContain('Lenteur du tableur');
    expect(html).not.toContain('Chargement des articles...');
  });
});
