import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetRow, type SheetServer } from '../../harness/sheet-server';

const SECRET = 'integration-secret-0123456789';

const rows: SheetRow[] = [
  {
    titre: 'Congés payés et arrêt maladie',
    resume: 'Résumé des congés.',
    contenu:
      '## Ce qui change\n\n- Deux jours par mois\n- [Légifrance](https://www.legifrance.gouv.fr)',
    statut: 'Publié',
    date: 'Date(2024,3,25)',
    tags: 'Congés payés, Santé au travail',
    title_en: 'Paid leave and sick leave',
    summary_en: 'Summary of paid leave.',
    content_en: '## What changes\n\n- Two days a month',
  },
  {
    titre: 'Rupture conventionnelle',
    resume: 'La contribution patronale.',
    contenu: 'Texte en français seulement.',
    statut: true,
    date: 'Date(2023,8,1)',
    tags: 'Rupture',
  },
  {
    titre: 'Titre </script><script>alert(1)</script> piégé',
    resume: 'Résumé <b>gras</b>',
    contenu: 'Corps.',
    statut: 'Publié',
  },
  { titre: 'Projet confidentiel', resume: 'Brouillon', contenu: 'x', statut: 'Brouillon' },
  { titre: 'Non publié encore', resume: 'x', contenu: 'x', statut: 'Non publié' },
  { titre: 'En attente de relecture', resume: 'x', contenu: 'x', statut: null },
];

/** The rows after the firm published one more article. */
const withNewArticle: SheetRow[] = [
  ...rows,
  { titre: 'Nouvel article publié', resume: 'Neuf', statut: 'oui' },
];

let sheet: SheetServer;
let site: NextServer;

const get = (path: string) => fetch(`${site.url}${path}`, { redirect: 'manual' });
const html = async (path: string) => (await get(path)).text();
const revalidate = (authorization?: string) =>
  fetch(`${site.url}/api/revalidate`, {
    method: 'POST',
    headers: authorization ? { authorization } : {},
  });

beforeAll(async () => {
  sheet = await startSheetServer({ kind: 'rows', rows });
  site = await startNextServer({
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
    SITE_URL: 'https://www.example.test',
  });
});

afterAll(async () => {
  await site?.stop();
  await sheet?.close();
});

describe('start-up', () => {
  it('reads the sheet when the server starts, so the first visitor waits on no sheet request', async () => {
    // Nothing has asked for an article yet (the server was only polled on /robots.txt).
    await vi.waitFor(() => expect(sheet.hits()).toBe(1), { timeout: 10_000 });
    expect(await html('/fr/blog')).toContain('Congés payés et arrêt maladie');
    expect(sheet.hits()).toBe(1);
  });
});

describe('article pages from the sheet', () => {
  it('lists the published articles in French and English, drafts left out', async () => {
    const fr = await html('/fr/blog');
    expect(fr).toContain('Congés payés et arrêt maladie');
    expect(fr).toContain('Rupture conventionnelle');
    expect(fr).toContain('href="/fr/blog/conges-payes-et-arret-maladie"');
    expect(fr).toContain('25 avril 2024');
    for (const draft of ['Projet confidentiel', 'Non publié encore', 'En attente de relecture'])
      expect(fr).not.toContain(draft);
    const en = await html('/en/actualites');
    expect(en).toContain('Paid leave and sick leave');
    expect(en).toContain('Summary of paid leave.');
    expect(en).toContain('Rupture conventionnelle');
    expect(en).toContain('href="/en/blog/conges-payes-et-arret-maladie"');
    expect(en).toContain('25 April 2024');
  });

  it('filters by tag with a link, without JavaScript', async () => {
    const filtered = await html('/blog?tag=Rupture');
    expect(filtered).toContain('Rupture conventionnelle');
    expect(filtered).not.toContain('Congés payés et arrêt maladie</a>');
    expect(filtered).toMatch(/href="\/blog\?tag=Rupture"[^>]*aria-current="page"/);
    expect(filtered).toContain('href="/blog"');
  });

  it('renders an article in both languages with its head', async () => {
    const fr = await get('/fr/blog/conges-payes-et-arret-maladie');
    expect(fr.status).toBe(200);
    const page = await fr.text();
    expect(page).toContain('<title>Congés payés et arrêt maladie — Sorel Aubry Avocats</title>');
    expect(page).toContain('<meta name="description" content="Résumé des congés."/>');
    expect(page).toContain('<h2>Ce qui change</h2>');
    expect(page).toContain('<li>Deux jours par mois</li>');
    expect(page).toMatch(
      /<a href="https:\/\/www\.legifrance\.gouv\.fr" target="_blank" rel="noopener noreferrer"/,
    );
    expect(page).toContain('Partager cet article');
    expect(page).toContain('"@type":"BlogPosting"');
    expect(page).toContain(
      'rel="alternate" type="application/rss+xml" href="https://www.example.test/fr/feed.xml"',
    );
    const en = await html('/en/blog/conges-payes-et-arret-maladie');
    expect(en).toContain('<title>Paid leave and sick leave — Sorel Aubry Avocats</title>');
    expect(en).toContain('<meta name="description" content="Summary of paid leave."/>');
    expect(en).toContain('<h2>What changes</h2>');
    // No English text: the French one is shown.
    expect(await html('/en/blog/rupture-conventionnelle')).toContain(
      'Texte en français seulement.',
    );
  });

  it('escapes sheet text in the title, the description and the JSON-LD', async () => {
    const response = await get('/fr/blog/titre-scriptscriptalert1script-piege');
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<b>gras</b>');
    expect(page).toContain(
      '"headline":"Titre \\u003c/script>\\u003cscript>alert(1)\\u003c/script> piégé"',
    );
  });

  it('gives all six address forms the /{lang}/blog/{slug} canonical', async () => {
    for (const [path, lang] of [
      ['/blog/rupture-conventionnelle', 'fr'],
      ['/fr/blog/rupture-conventionnelle', 'fr'],
      ['/en/blog/rupture-conventionnelle', 'en'],
      ['/actualites/rupture-conventionnelle', 'fr'],
      ['/fr/actualites/rupture-conventionnelle', 'fr'],
      ['/en/actualites/rupture-conventionnelle', 'en'],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain(
        `<link rel="canonical" href="https://www.example.test/${lang}/blog/rupture-conventionnelle"/>`,
      );
    }
  });

  it('answers 404 for a draft or unknown slug, under every form', async () => {
    for (const path of [
      '/fr/blog/projet-confidentiel',
      '/en/actualites/projet-confidentiel',
      '/blog/projet-confidentiel',
      '/actualites/non-publie-encore',
      '/en/blog/en-attente-de-relecture',
      '/fr/blog/no-such-article',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('Projet confidentiel');
    }
    expect((await get('/en/actualites/rupture-conventionnelle')).status).toBe(200);
  });

  it('serves RSS feeds in both languages, 404 for an unknown language', async () => {
    const fr = await get('/fr/feed.xml');
    expect(fr.status).toBe(200);
    expect(fr.headers.get('content-type')).toContain('application/rss+xml');
    const frXml = await fr.text();
    expect(frXml).toContain('<rss version="2.0"');
    expect(frXml).toContain('<title>Congés payés et arrêt maladie</title>');
    expect(frXml).toContain(
      '<link>https://www.example.test/fr/blog/conges-payes-et-arret-maladie</link>',
    );
    expect(frXml).not.toContain('Projet confidentiel');
    const enXml = await html('/en/feed.xml');
    expect(enXml).toContain('<title>Paid leave and sick leave</title>');
    expect((await get('/de/feed.xml')).status).toBe(404);
  });

  it('lists the published articles in the sitemap, with alternates', async () => {
    const xml = await html('/sitemap.xml');
    expect(xml).toContain('https://www.example.test/en/blog/conges-payes-et-arret-maladie');
    expect(xml).toContain('https://www.example.test/fr/blog/rupture-conventionnelle');
    expect(xml).not.toContain('projet-confidentiel');
  });
});

describe('POST /api/revalidate', () => {
  it('refuses a missing or wrong secret with 401', async () => {
    const missing = await revalidate();
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'unauthorized' });
    expect((await revalidate(`Bearer ${SECRET}x`)).status).toBe(401);
    expect((await revalidate(SECRET)).status).toBe(401);
  });

  it('with the secret, serves the sheet as it is now before answering 200', async () => {
    sheet.set({ kind: 'rows', rows: withNewArticle });
    const response = await revalidate(`Bearer ${SECRET}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ revalidated: true, articles: 4 });
    expect(await html('/fr/actualites')).toContain('Nouvel article publié');
    expect((await get('/fr/blog/nouvel-article-publie')).status).toBe(200);
  });
});

describe('a sheet outage after a good load keeps the articles on screen', () => {
  for (const [name, mode, why] of [
    ['HTTP 500', { kind: 'status', status: 500 }, /répond par une erreur \(500\)/],
    ['garbage', { kind: 'garbage' }, /n’a pas répondu par un tableau d’articles/],
    // The site gives up at its timeout, and says so.
    ['a hang', { kind: 'hang' }, /n’a pas répondu en 8 secondes/],
  ] as const) {
    it(`when the sheet answers ${name}`, async () => {
      // The good load.
      sheet.set({ kind: 'rows', rows: withNewArticle });
      expect((await revalidate(`Bearer ${SECRET}`)).status).toBe(200);
      sheet.set(mode);
      const response = await revalidate(`Bearer ${SECRET}`);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { message: string }).message).toMatch(why);
      const page = await html('/fr/blog');
      expect(page).toContain('Nouvel article publié');
      expect(page).toContain('Congés payés et arrêt maladie');
      expect(page).not.toContain('Erreur lors du chargement des articles');
      expect((await get('/en/blog/rupture-conventionnelle')).status).toBe(200);
      expect(site.output()).toContain('refresh failed, still serving the last good articles');
    }, 30_000);
  }
});

describe('the feed', () => {
  it('lists the 50 newest published articles, newest first, in both languages', async () => {
    // 55 articles, one a day from 1 January 2020: the feed leaves out the five oldest.
    const notes: SheetRow[] = Array.from({ length: 55 }, (_, i) => ({
      titre: `Note de veille ${String(i + 1).padStart(2, '0')}`,
      statut: 'Publié',
      date: `Date(2020,${Math.floor(i / 28)},${(i % 28) + 1})`,
    }));
    sheet.set({ kind: 'rows', rows: notes });
    try {
      expect((await revalidate(`Bearer ${SECRET}`)).status).toBe(200);
      for (const locale of ['fr', 'en']) {
        const xml = await html(`/${locale}/feed.xml`);
        const titles = [...xml.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1]);
        expect(titles, locale).toEqual(
          Array.from({ length: 50 }, (_, i) => `Note de veille ${String(55 - i).padStart(2, '0')}`),
        );
      }
    } finally {
      sheet.set({ kind: 'rows', rows });
      expect((await revalidate(`Bearer ${SECRET}`)).status).toBe(200);
    }
  });
});
