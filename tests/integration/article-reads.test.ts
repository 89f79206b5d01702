import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHref } from '@/lib/articles/format';
import { previewToken } from '@/lib/articles/preview';
import { slugify } from '@/lib/articles/slug';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetRow, type SheetServer } from '../../harness/sheet-server';

/**
 * An article page reads the article store once per render (docs/testing.md, "Reads per
 * render"): its metadata, breadcrumb, article and related list share one read, and a preview
 * one read of its article beside the list; proxy.ts reads once more before rendering, to answer
 * with the right status. The reads are counted in the production server by a preload that
 * listens on the store's diagnostics channel (tests/support/article-reads.mjs).
 */
const SECRET = 'article-reads-secret';
const ARTICLE = 'Rupture conventionnelle et procédure';
const RELATED = 'Homologation de la rupture';
const DRAFT = 'Projet sur la procédure';
const rows: SheetRow[] = [
  {
    titre: ARTICLE,
    resume: 'Les étapes.',
    contenu: 'Texte.',
    statut: 'Publié',
    tags: 'Rupture, Procédure',
    title_en: 'Termination by mutual agreement',
  },
  { titre: RELATED, resume: 'Le délai.', contenu: 'Texte.', statut: 'Publié', tags: 'Rupture' },
  { titre: DRAFT, resume: 'Brouillon.', contenu: 'Texte.', statut: 'Brouillon', tags: 'Procédure' },
];

let sheet: SheetServer;
let site: NextServer;

/** Fetches a page to its last byte; then the count the preload printed for that request. */
async function readsFor(address: string): Promise<{ status: number; html: string; reads: number }> {
  const response = await fetch(`${site.url}${address}`, { redirect: 'manual' });
  const html = await response.text();
  const line = `[article-reads] GET ${address} `;
  const deadline = Date.now() + 30_000;
  let count: string | undefined;
  while (count === undefined && Date.now() < deadline) {
    count = site
      .output()
      .split('\n')
      .findLast((printed) => printed.startsWith(line))
      ?.slice(line.length);
    if (count === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (count === undefined) throw new Error(`no count for ${address}:\n${site.output()}`);
  return { status: response.status, html, reads: Number(count) };
}

beforeAll(async () => {
  sheet = await startSheetServer({ kind: 'rows', rows });
  const preload = pathToFileURL(path.resolve(__dirname, '../support/article-reads.mjs')).href;
  site = await startNextServer({
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
    NODE_OPTIONS: `--import ${preload}`,
  });
});

afterAll(async () => {
  await site?.stop();
  await sheet?.close();
});

describe('an article page', () => {
  it('reads the store once for proxy.ts and once for its render, in each language', async () => {
    for (const locale of ['fr', 'en'] as const) {
      // Each request apart: the first one also waits for the sheet's first load.
      for (const round of [1, 2]) {
        const page = await readsFor(articleHref(locale, slugify(ARTICLE)));
        expect(page.status, `${locale}, request ${round}`).toBe(200);
        // The article and the related list, both from the render's one read.
        expect(page.html).toContain(locale === 'fr' ? ARTICLE : 'Termination by mutual agreement');
        expect(page.html).toContain('data-testid="related-articles"');
        expect(page.html).toContain(RELATED);
        expect(page.reads, `${locale}, request ${round}`).toBe(2);
      }
    }
  });

  it('in preview reads the draft once and the list once, beside the proxy’s read', async () => {
    const slug = slugify(DRAFT);
    const page = await readsFor(`${articleHref('fr', slug)}?preview=${previewToken(slug, SECRET)}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(DRAFT);
    // The draft shares a tag with the published article, which the list read brings.
    expect(page.html).toContain(ARTICLE);
    expect(page.reads).toBe(3);
  });
});
