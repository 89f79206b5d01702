import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { pageText } from '../support/page-text';
import { startSheetServer, type SheetServer } from '../../harness/sheet-server';

let sheet: SheetServer;
let site: NextServer;

beforeAll(async () => {
  sheet = await startSheetServer({ kind: 'status', status: 500 });
  site = await startNextServer({ ARTICLES_SHEET_URL: sheet.url, REVALIDATE_SECRET: '' });
});

afterAll(async () => {
  await site?.stop();
  await sheet?.close();
});

describe('the sheet down from the start', () => {
  it('shows the error state in both languages, still with status 200', async () => {
    const fr = await fetch(`${site.url}/actualites`);
    expect(fr.status).toBe(200);
    expect(await fr.text()).toContain('Erreur lors du chargement des articles');
    expect(await (await fetch(`${site.url}/en/blog`)).text()).toContain('Error loading articles');
  });

  it('an article address shows the article error view, with 503, in both languages', async () => {
    for (const [path, error, back, notFound] of [
      [
        '/fr/blog/anything',
        'Erreur lors du chargement de l’article',
        '/fr/blog',
        'Article non trouvé',
      ],
      [
        '/actualites/anything',
        'Erreur lors du chargement de l’article',
        '/fr/blog',
        'Article non trouvé',
      ],
      ['/en/actualites/anything', 'Error loading article', '/en/blog', 'Article not found'],
    ] as const) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('cache-control'), path).toContain('no-store');
      const html = await response.text();
      const text = pageText(html);
      expect(text, path).toContain(error);
      expect(text, path).not.toContain(notFound);
      expect(html, path).toMatch(new RegExp(`data-testid="article-error"[\\s\\S]*?href="${back}"`));
    }
  });

  it('shows the articles once the sheet answers again; an unknown slug is then a 404', async () => {
    sheet.set({ kind: 'rows', rows: [{ titre: 'Retour du service', statut: 'Publié' }] });
    const page = await (await fetch(`${site.url}/fr/blog`)).text();
    expect(page).toContain('Retour du service');
    expect((await fetch(`${site.url}/en/blog/retour-du-service`)).status).toBe(200);
    for (const [path, notFound] of [
      ['/fr/blog/anything', 'Article non trouvé'],
      ['/en/blog/anything', 'Article not found'],
    ] as const) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(pageText(await response.text()), path).toContain(notFound);
    }
  });

  it('refuses /api/revalidate when no secret is configured', async () => {
    const response = await fetch(`${site.url}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: 'Bearer ' },
    });
    expect(response.status).toBe(401);
  });

  it('an empty sheet shows the empty state in both languages', async () => {
    // No secret: wait for the store to go stale is not possible here, so use a fresh server.
    const emptySheet = await startSheetServer({ kind: 'rows', rows: [] });
    const emptySite = await startNextServer({ ARTICLES_SHEET_URL: emptySheet.url });
    try {
      const en = pageText(await (await fetch(`${emptySite.url}/en/actualites`)).text());
      expect(en).toContain('No articles available at the moment.');
      // Word for word (docs/behaviour.md, Articles), straight apostrophe included.
      const fr = pageText(await (await fetch(`${emptySite.url}/blog`)).text());
      expect(fr).toContain('Aucun article n’est disponible pour le moment.');
    } finally {
      await emptySite.stop();
      await emptySheet.close();
    }
  });
});
