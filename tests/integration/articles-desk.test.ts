import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedColumns } from '@/lib/articles/columns';
import type { ArticleReport, ReportRow } from '@/lib/articles/report';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetRow, type SheetServer } from '../../harness/sheet-server';

/**
 * The publishing desk against the production build: the columns after content_en (auteur,
 * a_jour_au, publier_le) found by name among an editor's own columns, what visitors, search
 * engines and feed readers get from them, the row report's sentences, and an article scheduled
 * ahead that appears by itself, with no new read of the sheet.
 */
const SECRET = 'desk-secret-0123456789';
const SITE = 'https://www.example.test';
/** The editors' own columns sit among the site's: they are never read. */
const header = [...fixedColumns, 'notes', 'auteur', 'relu', 'a_jour_au', 'publier_le'];
/** How far ahead the scheduled article is: cold renders on 2 cores take seconds. */
const LEAD_SECONDS = 45;

const main: SheetRow = {
  titre: 'Barème Macron : le contrôle de conventionnalité',
  resume: 'Le juge applique le barème.',
  contenu: 'Texte du barème.',
  statut: 'Publié',
  date: 'Date(2024,1,1)',
  tags: 'Licenciement, Barème',
  auteur: 'Hélène Sorel',
  a_jour_au: 'Date(2025,4,6)',
  notes: 'Relire avec Aubry',
  relu: true,
};
const other: SheetRow = {
  titre: 'Licenciement économique : le reclassement',
  resume: 'L’obligation de reclassement.',
  contenu: 'Texte du reclassement.',
  statut: 'Publié',
  date: 'Date(2024,2,1)',
  tags: 'Licenciement',
  auteur: 'aubry',
};
const scheduledTitle = 'Note programmée sur le barème';
const scheduledSlug = 'note-programmee-sur-le-bareme';
const scheduled = (publierLe: string): SheetRow => ({
  titre: scheduledTitle,
  resume: 'Une note qui attend son heure.',
  contenu: 'Texte de la note programmée.',
  statut: 'Publié',
  date: 'Date(2024,3,1)',
  tags: 'Licenciement, Barème',
  auteur: 'H. Sorel',
  publier_le: publierLe,
});
const hostile: SheetRow = {
  titre: 'Cellules hostiles',
  contenu: 'Texte.',
  statut: 'Publié',
  tags: 'Divers',
  auteur: `<script>alert(1)</script>${'x'.repeat(5_000)}`,
  a_jour_au: true,
  publier_le: { v: null, f: '#REF!' },
};
const unknown: SheetRow = {
  titre: 'Auteur inconnu',
  contenu: 'Texte.',
  statut: 'Publié',
  auteur: 'Claire Martin',
  a_jour_au: { v: null, f: 'mai 2025' },
};
const rowsWith = (publierLe: string) => [main, other, scheduled(publierLe), hostile, unknown];

let sheet: SheetServer;
let site: NextServer;

const get = (path: string) => fetch(`${site.url}${path}`, { redirect: 'manual' });
const html = async (path: string) => (await get(path)).text();
const authorized = { authorization: `Bearer ${SECRET}` };
async function report(): Promise<ArticleReport> {
  const response = await fetch(`${site.url}/api/articles/report`, { headers: authorized });
  expect(response.status).toBe(200);
  return (await response.json()) as ArticleReport;
}
const rowTitled = (report: ArticleReport, title: string): ReportRow => {
  const found = report.rows.find((row) => row.title === title);
  if (!found) throw new Error(`no row ${title}`);
  return found;
};
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].flatMap(
    (match) => [JSON.parse(match[1] ?? 'null')].flat() as Record<string, unknown>[],
  );

/** A Paris wall time `seconds` from now, as gviz sends a date-time cell. */
function parisCellIn(seconds: number): string {
  const at = Temporal.Now.zonedDateTimeISO('Europe/Paris')
    .add({ seconds })
    .round({ smallestUnit: 'second', roundingMode: 'ceil' });
  return `Date(${at.year},${at.month - 1},${at.day},${at.hour},${at.minute},${at.second})`;
}

beforeAll(async () => {
  sheet = await startSheetServer({ kind: 'rows', rows: rowsWith('Date(2099,0,5,8,0,0)'), header });
  site = await startNextServer({
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
    SITE_URL: SITE,
  });
});

afterAll(async () => {
  await site?.stop();
  await sheet?.close();
});

describe('the sheet’s header and the columns after content_en', () => {
  it('asks gviz for the header row explicitly; the first row of the sheet is an article', async () => {
    const list = await html('/fr/blog');
    expect(sheet.lastAsked()).toMatch(/[?&]headers=1(&|$)/);
    expect(list).toContain('Barème Macron');
  });

  it('reads auteur by its name, never an editor’s own column beside it', async () => {
    const page = await html('/fr/blog/bareme-macron-le-controle-de-conventionnalite');
    expect(page).toContain('data-testid="article-byline">Par');
    expect(page).toContain('href="/fr/helene-sorel" rel="author"');
    expect(page).not.toContain('href="/fr/julien-aubry" rel="author"');
    expect(await html('/fr/julien-aubry')).not.toContain('Barème Macron');
    expect(await html('/fr/helene-sorel')).toContain('Barème Macron');
  });
});

describe('what visitors, search engines and feed readers get', () => {
  it('an article page: byline, law-stated-at line, JSON-LD with the partner as Person, related articles before sharing', async () => {
    const page = await html('/en/blog/bareme-macron-le-controle-de-conventionnalite');
    expect(page).toContain('Law stated as at 6 May 2025');
    const posting = jsonLd(page).find((data) => data['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      author: {
        '@type': 'Person',
        '@id': `${SITE}/helene-sorel#person`,
        name: 'Hélène Sorel',
        url: `${SITE}/en/helene-sorel`,
      },
      datePublished: '2024-02-01',
      dateModified: '2025-05-06',
    });
    const profile = jsonLd(await html('/en/helene-sorel'));
    expect(profile.find((data) => data['@type'] === 'Person')?.['@id']).toBe(
      `${SITE}/helene-sorel#person`,
    );
    const related = page.indexOf('data-testid="related-articles"');
    expect(related).toBeGreaterThan(0);
    expect(related).toBeLessThan(page.indexOf('id="share-heading"'));
    expect(page.slice(related)).toContain('/en/blog/licenciement-economique-le-reclassement');
    // Without an author, the firm, named by the @id of the home page's LegalService.
    const firm = jsonLd(await html('/fr/blog/cellules-hostiles')).find(
      (data) => data['@type'] === 'BlogPosting',
    );
    const home = jsonLd(await html('/fr')).find((data) => data['@type'] === 'LegalService');
    expect(firm?.author).toEqual({
      '@type': 'LegalService',
      '@id': home?.['@id'],
      name: 'Sorel Aubry Avocats',
    });
  });

  it('the feed names each item’s author; the sitemap’s lastmod is a_jour_au', async () => {
    const feed = await html('/fr/feed.xml');
    expect(feed).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    expect(feed).toMatch(
      /<title>Barème Macron[^<]*<\/title>.*?<dc:creator>Hélène Sorel<\/dc:creator>.*?<\/item>/s,
    );
    expect(feed).toMatch(/reclassement[^<]*<\/title>.*?<dc:creator>Julien Aubry<\/dc:creator>/s);
    const sitemap = await html('/sitemap.xml');
    expect(sitemap).toMatch(
      /<loc>https:\/\/www\.example\.test\/fr\/blog\/bareme-macron-le-controle-de-conventionnalite<\/loc>\s*(?:<xhtml:link[^>]*\/>\s*)*<lastmod>2025-05-06<\/lastmod>/,
    );
  });

  it('the list filtered by author, combined with a tag, with the list as canonical', async () => {
    const list = await html('/fr/blog?auteur=julien-aubry&tag=Licenciement');
    expect(list).toContain('Licenciement économique');
    expect(list).not.toContain('Barème Macron');
    expect(list).toContain(`<link rel="canonical" href="${SITE}/fr/blog"/>`);
    expect(list).toContain('href="/fr/blog?tag=Licenciement"');
    const unknownAuthor = await get('/fr/blog?auteur=%3Cscript%3E');
    expect(unknownAuthor.status).toBe(200);
    const body = await unknownAuthor.text();
    expect(body).toContain('Aucun article ne correspond à ce filtre.');
    expect(body).not.toContain('<script>');
  });

  it('hostile cells in the new columns: no 500, the article listed and shown without a byline', async () => {
    expect(await html('/fr/blog')).toContain('Cellules hostiles');
    const page = await get('/fr/blog/cellules-hostiles');
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).not.toContain('data-testid="article-byline"');
    expect(body).not.toContain('<script>alert(1)');
  });
});

describe('the row report of the new columns', () => {
  it('says which author is unknown and what the column accepts, which date is unreadable, what is scheduled', async () => {
    const desk = await report();
    const reasons = (title: string) => rowTitled(desk, title).reasons.join('\n');
    expect(reasons('Auteur inconnu')).toContain(
      'La colonne auteur contient «\u00a0Claire Martin\u00a0», qui ne correspond à aucun associé\u00a0: l’article paraît sans signature. La colonne auteur accepte le nom d’un associé du cabinet (Hélène Sorel, Julien Aubry)',
    );
    expect(reasons('Auteur inconnu')).toContain(
      'La date «\u00a0mai 2025\u00a0» de la colonne a_jour_au n’a pas pu être lue',
    );
    expect(reasons('Cellules hostiles')).toContain(
      'La date «\u00a0true\u00a0» de la colonne a_jour_au',
    );
    expect(reasons('Cellules hostiles')).toContain(
      'La date «\u00a0#REF!\u00a0» de la colonne publier_le n’a pas pu être lue\u00a0: l’article n’attend pas',
    );
    expect(rowTitled(desk, 'Cellules hostiles').published).toBe(true);
    expect(rowTitled(desk, scheduledTitle)).toMatchObject({
      published: false,
      scheduledFor: '2099-01-05T08:00:00+01:00',
      url: null,
    });
    expect(reasons(scheduledTitle)).toContain(
      'Programmé pour le lundi 5 janvier 2099, à 8\u00a0h\u00a000 (heure de Paris)',
    );
  });
});

describe('an article scheduled ahead', () => {
  const everywhere = [
    '/fr/blog',
    '/en/actualites',
    '/fr/blog?auteur=helene-sorel',
    '/fr/blog?tag=Bar%C3%A8me',
    '/fr/helene-sorel',
    '/en/blog/bareme-macron-le-controle-de-conventionnalite',
    '/sitemap.xml',
    '/fr/feed.xml',
    '/en/feed.xml',
  ];

  it('is nowhere and its address is 404 until its time, then everywhere by itself, with no new read of the sheet', async () => {
    sheet.set({ kind: 'rows', rows: rowsWith(parisCellIn(LEAD_SECONDS)), header });
    const revalidated = await fetch(`${site.url}/api/revalidate`, {
      method: 'POST',
      headers: authorized,
    });
    expect(revalidated.status).toBe(200);
    // "Publier maintenant" counts what is online: not the article waiting for its time.
    expect(await revalidated.json()).toMatchObject({ articles: 4 });
    const due = Date.parse(rowTitled(await report(), scheduledTitle).scheduledFor ?? '');
    expect(due - Date.now()).toBeGreaterThan(20_000);

    // Its preview shows it, with the time it goes online.
    const preview = new URL(rowTitled(await report(), scheduledTitle).previewUrl ?? '');
    const before = await get(`${preview.pathname}${preview.search}`);
    expect(before.status).toBe(200);
    expect(await before.text()).toMatch(
      /Elle sera en ligne, telle quelle, le \d+(er)? \S+ \d{4} à \d+\u00a0h\u00a0\d\d \(heure de Paris\)/,
    );

    const hits = sheet.hits();
    expect((await get(`/fr/blog/${scheduledSlug}`)).status).toBe(404);
    for (const path of everywhere) {
      const body = await html(path);
      expect(body, path).not.toContain(scheduledSlug);
      expect(body, path).not.toContain(scheduledTitle);
    }
    expect(Date.now()).toBeLessThan(due);

    await vi.waitFor(
      async () => expect((await get(`/fr/blog/${scheduledSlug}`)).status).toBe(200),
      { timeout: LEAD_SECONDS * 1000 + 60_000, interval: 1_000 },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(due);
    for (const path of everywhere) expect(await html(path), path).toContain(scheduledSlug);
    // Decided at the request's time, from the copy already read.
    expect(sheet.hits()).toBe(hits);
    // The preview link now leads to the public page.
    expect((await get(`${preview.pathname}${preview.search}`)).status).toBe(307);
  });
});
