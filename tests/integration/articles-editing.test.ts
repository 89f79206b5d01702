import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleReport, ReportRow } from '@/lib/articles/report';
import { startImageHost, type ImageHost } from '../../harness/image-host';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetRow, type SheetServer } from '../../harness/sheet-server';

/**
 * The firm's editing tools against the production build: the row report, previews, and what a
 * change of secret does to them. The sheet and the image host are real HTTP servers on loopback.
 */
const SECRET = 'editing-secret-0123456789';
const NEW_SECRET = 'editing-secret-after-rotation';
const SITE = 'https://www.example.test';
const drive = (id: string) => `https://drive.google.com/file/d/${id}/view?usp=sharing`;

const draftBody = 'Le texte du brouillon, relu par Maître Aubry.';
const rows: SheetRow[] = [
  {
    titre: 'Congés payés et arrêt maladie',
    resume: 'Résumé.',
    contenu: 'Texte publié.',
    statut: 'Publié',
    date: 'Date(2024,3,25)',
    image: drive('public-photo'),
    title_en: 'Paid leave and sick leave',
    summary_en: 'Summary.',
    content_en: 'Published text.',
  },
  {
    titre: 'Projet confidentiel',
    resume: 'Un brouillon à relire.',
    contenu: draftBody,
    statut: 'Brouillon',
    image: drive('public-draft-photo'),
    tags: 'Brouillons',
    title_en: 'Confidential draft',
    summary_en: 'A draft.',
    content_en: 'The English draft.',
  },
  { titre: 'À relire par Claire', contenu: 'x', statut: 'À relire' },
  { resume: 'Une ligne sans titre', contenu: 'x', statut: 'Publié' },
  { titre: 'Veille du 6 mai 2025', contenu: 'x', statut: 'Publié', date: '31/02/2025' },
  { titre: 'Photo ailleurs', contenu: 'x', statut: 'Publié', image: 'https://example.com/a.jpg' },
  { titre: 'Photo privée', contenu: 'x', statut: 'Publié', image: drive('private-photo') },
  { titre: 'Photo supprimée', contenu: 'x', statut: 'Publié', image: drive('deleted-photo') },
  { titre: 'Congés payés et arrêt maladie', contenu: 'Doublon.', statut: 'Publié' },
  { titre: 'Anglais partiel', contenu: 'x', statut: 'Publié', title_en: 'Partial English' },
];

let sheet: SheetServer;
let images: ImageHost;
let site: NextServer;

const siteEnv = (secret: string | undefined) => ({
  ARTICLES_SHEET_URL: sheet.url,
  REVALIDATE_SECRET: secret,
  SITE_URL: SITE,
  ARTICLE_IMAGE_ORIGIN: images.origin,
});
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { redirect: 'manual', headers });
const reportWith = (authorization?: string) =>
  get('/api/articles/report', authorization ? { authorization } : {});
const localPath = (address: string | null) => {
  const url = new URL(address ?? '');
  return `${url.pathname}${url.search}`;
};
async function fetchReport(secret = SECRET): Promise<ArticleReport> {
  const response = await reportWith(`Bearer ${secret}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ArticleReport;
}
const rowOf = (report: ArticleReport, row: number): ReportRow => {
  const found = report.rows.find((entry) => entry.row === row);
  if (!found) throw new Error(`no row ${row} in the report`);
  return found;
};

beforeAll(async () => {
  sheet = await startSheetServer({ kind: 'rows', rows });
  images = await startImageHost();
  site = await startNextServer(siteEnv(SECRET));
});

afterAll(async () => {
  await site?.stop();
  await sheet?.close();
  await images?.close();
});

describe('GET /api/articles/report', () => {
  it('refuses without the secret: no header, a wrong one, another scheme, no Bearer', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${SECRET}x`,
      `Basic ${Buffer.from(`editor:${SECRET}`).toString('base64')}`,
      SECRET,
      'Bearer ',
    ]) {
      const response = await reportWith(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({ error: 'unauthorized' });
    }
  });

  it('answers one entry per row, in sheet order, each with the reasons it is not quite online', async () => {
    const response = await reportWith(`Bearer ${SECRET}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const report = (await response.json()) as ArticleReport;
    expect(Date.now() - Date.parse(report.loadedAt)).toBeLessThan(60_000);
    expect(report.rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(report.imagesNotChecked).toBe(0);

    expect(rowOf(report, 2)).toMatchObject({
      title: 'Congés payés et arrêt maladie',
      published: true,
      reasons: [],
      url: `${SITE}/fr/blog/conges-payes-et-arret-maladie`,
      urlEn: `${SITE}/en/blog/conges-payes-et-arret-maladie`,
    });
    const reasons = (row: number) => rowOf(report, row).reasons.join('\n');
    expect(rowOf(report, 3)).toMatchObject({ published: false, url: null });
    expect(reasons(3)).toMatch(/^Le statut «\u00a0Brouillon\u00a0» indique de ne pas publier/);
    expect(reasons(4)).toMatch(
      /^Le statut «\u00a0À relire\u00a0» n’est pas un statut de publication/,
    );
    expect(rowOf(report, 5)).toMatchObject({ title: '', published: false, previewUrl: null });
    expect(reasons(5)).toMatch(/^La colonne titre est vide/);
    expect(reasons(6)).toMatch(
      /^La date «\u00a031\/02\/2025\u00a0» n’a pas pu être lue\u00a0: l’article paraît sans date, classé d’après la date de son titre \(6 mai 2025\)/,
    );
    expect(reasons(7)).toMatch(
      /^L’image «\u00a0https:\/\/example\.com\/a\.jpg\u00a0» ne vient pas d’un hébergeur accepté/,
    );
    expect(reasons(8)).toMatch(/^Le fichier Google Drive de l’image n’est pas public/);
    expect(reasons(9)).toMatch(/^L’image est introuvable à cette adresse \(erreur 404\)/);
    expect(reasons(10)).toMatch(
      /^Le titre donne la même adresse que celui de la ligne 2\u00a0: le suffixe «\u00a0-9\u00a0» est ajouté/,
    );
    expect(rowOf(report, 10).url).toBe(`${SITE}/fr/blog/conges-payes-et-arret-maladie-9`);
    expect(reasons(11)).toMatch(
      /^Version anglaise incomplète\u00a0: la colonne title_en est remplie/,
    );
    // Each row with a title has its preview addresses, published or not.
    for (const row of report.rows.filter((entry) => entry.title !== ''))
      expect(row.previewUrl, row.title).toMatch(
        new RegExp(`^${SITE}/fr/blog/${row.slug}\\?preview=[\\w-]{32}$`),
      );
    // The Drive addresses were asked as direct view links, through the test image host.
    expect(images.seen).toContain('/drive.google.com/uc?export=view&id=private-photo');
  });

  it('says in French why the sheet cannot be read, and what to do', async () => {
    sheet.set({ kind: 'status', status: 403 });
    try {
      const response = await reportWith(`Bearer ${SECRET}`);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: 'sheet-unavailable',
        message:
          'La feuille Google refuse l’accès (erreur 403)\u00a0: partagez-la avec «\u00a0Tous les utilisateurs disposant du lien\u00a0» (Lecteur). Le site continue d’afficher les articles chargés auparavant.',
      });
    } finally {
      sheet.set({ kind: 'rows', rows });
    }
    await fetchReport();
  });
});

describe('previews', () => {
  it('show a draft as it will be published, under a banner, never indexed nor cached', async () => {
    const draft = rowOf(await fetchReport(), 3);
    for (const [address, title, text, banner] of [
      [draft.previewUrl, 'Projet confidentiel', draftBody, 'Aperçu — non publié'],
      [draft.previewUrlEn, 'Confidential draft', 'The English draft.', 'Preview — not published'],
    ] as const) {
      const response = await get(localPath(address));
      expect(response.status, String(address)).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const page = await response.text();
      expect(page).toContain(banner);
      expect(page).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(page).toContain(text);
      expect(page).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(page).not.toContain('rel="canonical"');
      expect(page).not.toContain('hreflang');
      // Its remote image shows too, through the image route with the preview's token.
      const image = /<img[^>]+src="(\/_next\/image\?url=%2Fapi%2Farticle-image%2F[^"]+)"/.exec(
        page,
      );
      expect(image, 'the draft’s hero image').toBeTruthy();
      const picture = await get(image![1]!.replaceAll('&amp;', '&'));
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toMatch(/^image\//);
    }
    // Without the token the image route does not serve a draft's image.
    const bare = /%2Fapi%2Farticle-image%2F([^%]+)%2F([a-z0-9]+)\./.exec(
      await (await get(localPath(draft.previewUrl))).text(),
    );
    expect(bare).toBeTruthy();
    expect((await get(`/api/article-image/${bare![1]}/${bare![2]}`)).status).toBe(404);
  });

  it('leave the draft out of the lists, the tag filter, the sitemap and the feeds', async () => {
    const draft = rowOf(await fetchReport(), 3);
    expect((await get(localPath(draft.previewUrl))).status).toBe(200);
    for (const path of [
      '/fr/blog',
      '/en/actualites',
      '/fr/blog?tag=Brouillons',
      '/sitemap.xml',
      '/fr/feed.xml',
      '/en/feed.xml',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const body = await response.text();
      expect(body, path).not.toContain('projet-confidentiel');
      expect(body, path).not.toContain('Projet confidentiel');
    }
  });

  it('answer 404 to a draft without its token, with a wrong one, or with another row’s', async () => {
    const report = await fetchReport();
    const token = (row: number) =>
      new URL(rowOf(report, row).previewUrl ?? '').searchParams.get('preview');
    for (const path of [
      '/fr/blog/projet-confidentiel',
      '/fr/blog/projet-confidentiel?preview=',
      '/fr/blog/projet-confidentiel?preview=not-the-token',
      `/fr/blog/projet-confidentiel?preview=${token(4)}`,
      `/en/actualites/projet-confidentiel?preview=${token(3)}x`,
      `/fr/blog/no-such-article?preview=${token(3)}`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(draftBody);
    }
  });

  it('lead to the public address once the article is published', async () => {
    const published = rowOf(await fetchReport(), 2);
    const response = await get(localPath(published.previewUrl));
    expect(response.status).toBe(307);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const location = new URL(response.headers.get('location') ?? '', site.url);
    expect(`${location.pathname}${location.search}`).toBe('/fr/blog/conges-payes-et-arret-maladie');
  });

  it('show the sheet as it is now: an edit appears without waiting for the 5-minute cache', async () => {
    const draft = rowOf(await fetchReport(), 3);
    sheet.set({
      kind: 'rows',
      rows: rows.map((row) =>
        row.titre === 'Projet confidentiel' ? { ...row, contenu: 'Version corrigée.' } : row,
      ),
    });
    // The copy the report loaded is reused for 10 seconds, then read again for the preview: the
    // edit shows within seconds, not the store's 5 minutes.
    try {
      await expect
        .poll(async () => (await get(localPath(draft.previewUrl))).text(), { timeout: 60_000 })
        .toContain('Version corrigée.');
      expect(await (await get(localPath(draft.previewUrl))).text()).not.toContain(draftBody);
    } finally {
      sheet.set({ kind: 'rows', rows });
    }
  });
});

describe('a change of secret', () => {
  it('makes the old preview links and the old secret useless; the new report gives new links', async () => {
    const before = rowOf(await fetchReport(), 3).previewUrl;
    await site.stop();
    site = await startNextServer(siteEnv(NEW_SECRET));
    expect((await get(localPath(before))).status).toBe(404);
    expect((await reportWith(`Bearer ${SECRET}`)).status).toBe(401);
    const after = rowOf(await fetchReport(NEW_SECRET), 3).previewUrl;
    expect(after).not.toBe(before);
    expect((await get(localPath(after))).status).toBe(200);
  });

  it('without a secret there is no report and no preview', async () => {
    const link = rowOf(await fetchReport(NEW_SECRET), 3).previewUrl;
    await site.stop();
    site = await startNextServer(siteEnv(undefined));
    expect((await get(localPath(link))).status).toBe(404);
    for (const authorization of [`Bearer ${NEW_SECRET}`, 'Bearer undefined', undefined])
      expect((await reportWith(authorization)).status).toBe(401);
  });
});
