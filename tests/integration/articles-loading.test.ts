import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetServer } from '../../harness/sheet-server';

/**
 * The list's loading state ('Chargement des articles...'): on a cold start the sheet is
 * still being read, so the page streams its header and the loading text first, then the list in
 * the same answer. Once the articles are in memory, the list is in the HTML from the start.
 * The sheet answers only when the test releases it, so the list is asked for while the sheet
 * read that start-up began is still under way, however long the start took.
 */
let sheet: SheetServer;
let site: NextServer;
let releaseSheet = () => {};

beforeAll(async () => {
  sheet = await startSheetServer({
    kind: 'held',
    until: new Promise<void>((resolve) => (releaseSheet = resolve)),
    rows: [{ titre: 'Lenteur du tableur', statut: 'Publié', title_en: 'A slow sheet' }],
  });
  site = await startNextServer({ ARTICLES_SHEET_URL: sheet.url });
});

afterAll(async () => {
  releaseSheet();
  await site?.stop();
  await sheet?.close();
});

/** An answer read as its chunks arrive: `shown(text)` resolves once the body so far holds it. */
function streamed(path: string) {
  const chunks: string[] = [];
  const waiting: { needle: string; resolve: () => void }[] = [];
  const check = () => {
    const text = chunks.join('');
    for (const wait of waiting.filter(({ needle }) => text.includes(needle))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  };
  const done = (async () => {
    const response = await fetch(`${site.url}${path}`);
    const reader = response.body?.getReader();
    if (!reader) throw new Error(`${path} has no body`);
    const decoder = new TextDecoder();
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      chunks.push(decoder.decode(value, { stream: true }));
      check();
    }
    return { status: response.status, chunks };
  })();
  const shown = (needle: string) =>
    Promise.race([
      new Promise<void>((resolve) => {
        waiting.push({ needle, resolve });
        check();
      }),
      done.then(() => {
        throw new Error(`${path} ended without "${needle}"`);
      }),
    ]);
  return { done, shown, text: () => chunks.join('') };
}

/** Index of the first chunk whose text, with all before it, contains the needle. */
function arrivalOf(chunks: string[], needle: string): number {
  let seen = '';
  return chunks.findIndex((chunk) => (seen += chunk).includes(needle));
}

describe('the article list while the sheet is read', () => {
  it('streams the loading text first, then the list, in both languages', async () => {
    const pages = [
      ['/fr/blog', 'Chargement des articles...', 'Lenteur du tableur'],
      ['/en/actualites', 'Loading articles...', 'A slow sheet'],
    ] as const;
    const answers = pages.map(([path]) => streamed(path));
    // Each answer shows the loading text while the sheet has not answered.
    await Promise.all(answers.map((answer, i) => answer.shown(pages[i]![1])));
    expect(sheet.hits()).toBe(1);
    for (const [i, answer] of answers.entries()) expect(answer.text()).not.toContain(pages[i]![2]);
    releaseSheet();
    for (const [i, answer] of answers.entries()) {
      const [, loading, title] = pages[i]!;
      const { status, chunks } = await answer.done;
      expect(status).toBe(200);
      const loadingAt = arrivalOf(chunks, loading);
      expect(arrivalOf(chunks, title)).toBeGreaterThan(loadingAt);
      // The heading does not wait for the sheet.
      expect(arrivalOf(chunks, '<h1')).toBeLessThanOrEqual(loadingAt);
    }
  });

  it('once the articles are in memory, the list is in the first HTML, with no loading text', async () => {
    releaseSheet();
    // In memory once an answer has had the list (it waited for the sheet if it had to).
    await streamed('/fr/blog').shown('Lenteur du tableur');
    const html = await (await fetch(`${site.url}/fr/blog`)).text();
    expect(html).toContain('Lenteur du tableur');
    expect(html).not.toContain('Chargement des articles...');
  });
});
