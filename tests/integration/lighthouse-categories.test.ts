import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { firstArticlePath, measuredPages } from '../../harness/measured-pages.mjs';
import { freePort } from '../../harness/ports';

/**
 * Lighthouse's accessibility, best-practices and SEO categories must stay at 100 on every kind of
 * page, in both languages (issue 7). These three are rule checks on the loaded page, not timings,
 * so a test can guard them; the performance category, which is timing, belongs to `npm run bench`.
 * The server's SITE_URL is its own address, as in production, so that canonical and hreflang
 * links point to the page Lighthouse loaded.
 */
const categories = ['accessibility', 'best-practices', 'seo'] as const;

let server: NextServer;
let chrome: chromeLauncher.LaunchedChrome;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  const port = await freePort();
  server = await startNextServer(
    {
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
    },
    { port },
  );
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
});

afterAll(async () => {
  chrome?.kill();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The category scores of one page, and the audits that cost it points, by category. */
async function audit(pathname: string) {
  const result = await lighthouse(`${server.url}${pathname}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${pathname}`);
  expect(lhr.runtimeError, pathname).toBeUndefined();
  return Object.fromEntries(
    categories.map((id) => {
      const category = lhr.categories[id];
      const failing = (category?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      return [id, { score: category?.score ?? null, failing }];
    }),
  );
}

async function firstArticle(locale: 'fr' | 'en') {
  const article = await firstArticlePath(server.url, locale);
  expect(article, `the sample sheet has a published article (${locale})`).toBeDefined();
  return article ?? '';
}

describe('Lighthouse: accessibility, best practices and SEO at 100', () => {
  for (const pathname of measuredPages)
    it(`${pathname}`, { timeout: 90_000 }, async () => {
      const scores = await audit(pathname);
      for (const id of categories)
        expect(scores[id], `${pathname}: ${id}`).toEqual({ score: 1, failing: [] });
    });

  for (const locale of ['fr', 'en'] as const)
    it(`an article (${locale})`, { timeout: 90_000 }, async () => {
      const pathname = await firstArticle(locale);
      const scores = await audit(pathname);
      for (const id of categories)
        expect(scores[id], `${pathname}: ${id}`).toEqual({ score: 1, failing: [] });
    });
});
