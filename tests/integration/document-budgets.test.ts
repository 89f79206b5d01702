import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNoncePlaceholder, startNginx, type RunningNginx } from '../../scripts/nginx.mjs';
import { firstArticlePath } from '../../harness/measured-pages.mjs';
import { startNextServer, type NextServer } from '../../harness/next-server';
import en from '@/messages/en/consent.json';
import fr from '@/messages/fr/consent.json';
import { throughNginx } from '../support/through-nginx';

/**
 * Each page kind's document as a phone downloads it: through the shipped nginx site with its page
 * cache, asked as every browser the site serves asks (`gzip, deflate, br`), from the sample sheet
 * shipped with the site. On the bench's slow 4G (about 180 KB/s) every 10 KB is about 55 ms of
 * first paint, and past the first round trip's 14 KB a document waits one more round trip
 * (docs/page-cache.md, "Compression"; docs/measuring.md). Byte counts are exact, so they are
 * guarded here. Each budget is the largest page of its kind as measured when it was set (home
 * 22.1 KB, list 15.2, article 13.8, profile 14.8, legal 17.5: the privacy policy, which
 * describes the letters by e-mail; the RSC payload without the copies of the sheet and the
 * inline scripts, lib/server/payload-trim.ts, and without the cookie banner's texts), plus
 * about 2% for what differs per response (the nonce, the form's id and time) and small edits
 * of the texts.
 */
const KB = 1024;
const BUDGETS = {
  home: 22.5 * KB,
  list: 15.5 * KB,
  article: 14.25 * KB,
  profile: 15.25 * KB,
  legal: 18 * KB,
} as const;
type Kind = keyof typeof BUDGETS;

/** The production address, as long as what pages repeat of it (links, metadata, JSON-LD). */
const SITE_URL = 'https://www.sorel-aubry-avocats.fr';

let dataDir: string;
let next: NextServer;
let nginx: RunningNginx;
let visitor = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'document-budgets-'));
  const noncePlaceholder = newNoncePlaceholder();
  next = await startNextServer({
    SITE_URL,
    DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    ARTICLES_GENERATION_FILE: path.join(dataDir, 'articles-generation'),
    PAGE_CACHE_NONCE_PLACEHOLDER: noncePlaceholder,
  });
  nginx = await startNginx({ upstreamPorts: [next.port], noncePlaceholder });
});

afterAll(async () => {
  await Promise.all([nginx?.stop(), next?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The page's document in Brotli, as a browser gets it; the largest of three answers. */
async function documentBytes(pathname: string): Promise<number> {
  let largest = 0;
  for (let i = 0; i < 3; i += 1) {
    visitor += 1;
    const answer = await throughNginx(nginx, pathname, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      localAddress: `127.7.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
    });
    expect(answer.status, pathname).toBe(200);
    expect(answer.headers['content-encoding'], pathname).toBe('br');
    // The whole page: the document ends, and its RSC payload is in it.
    expect(answer.body, pathname).toMatch(/<\/html>$/);
    expect(answer.body, pathname).toContain('self.__next_f.push');
    largest = Math.max(largest, answer.sent);
  }
  return largest;
}

describe('each page kind’s document, in Brotli through nginx, within its budget', () => {
  const pages: [Kind, string | (() => Promise<string | undefined>), string?][] = [
    ['home', '/fr'],
    ['home', '/en'],
    ['list', '/fr/actualites'],
    ['list', '/en/blog'],
    ['article', () => firstArticlePath(next.url, 'fr'), 'the newest, in French'],
    ['article', () => firstArticlePath(next.url, 'en'), 'the newest, in English'],
    ['profile', '/fr/helene-sorel'],
    ['profile', '/en/julien-aubry'],
    ['legal', '/fr/mentions-legales'],
    ['legal', '/en/politique-confidentialite'],
    ['legal', '/fr/politique-cookies'],
  ];
  for (const [kind, page, name] of pages)
    it(`${kind}: ${name ?? page}`, async () => {
      const pathname = typeof page === 'string' ? page : await page();
      expect(pathname, 'the sample sheet has an article in each language').toBeDefined();
      const bytes = await documentBytes(pathname ?? '');
      console.log(
        `${pathname}: ${(bytes / KB).toFixed(1)} KB in Brotli (budget ${BUDGETS[kind] / KB})`,
      );
      expect(bytes).toBeLessThanOrEqual(BUDGETS[kind]);
    });
});

it('a page carries none of the cookie banner’s texts: the browser fetches them once it is due', async () => {
  for (const [pathname, { banner, categories }] of [
    ['/fr/politique-cookies', fr],
    ['/en', en],
  ] as const) {
    visitor += 1;
    const answer = await throughNginx(nginx, pathname, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      localAddress: `127.8.0.${visitor % 250}`,
    });
    expect(answer.status, pathname).toBe(200);
    expect(answer.body, pathname).toContain('self.__next_f.push');
    for (const text of [
      banner.text,
      banner.close,
      banner.storageFailed,
      categories.analytics.purpose,
    ])
      expect(answer.body, pathname).not.toContain(text);
  }
});
