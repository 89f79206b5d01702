import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetRow, type SheetServer } from '../../harness/sheet-server';

const root = path.resolve(__dirname, '../..');
const photo = readFileSync(path.join(root, 'public/images/award-best-lawyers-2025.png'));
const fallbacks = ['article-fallback-1.jpg', 'article-fallback-2.jpg'].map((name) =>
  readFileSync(path.join(root, 'public/images', name)),
);

/** The largest remote image the site shows (lib/articles/remote-image.ts). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * The photo made `size` bytes long by a private chunk before its end, which decoders skip: a
 * valid PNG of any size.
 */
function paddedPhoto(size: number): Buffer {
  const end = photo.length - 12; // the IEND chunk
  const type = Buffer.from('saPd', 'latin1'); // ancillary, private, safe to copy
  const data = Buffer.alloc(size - photo.length - 12);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])));
  return Buffer.concat([photo.subarray(0, end), length, type, data, crc, photo.subarray(end)]);
}
const largePhoto = paddedPhoto(MAX_IMAGE_BYTES - 65_536);
const paddedPhotos = new Map([
  ['/images.unsplash.com/photo-large.png', largePhoto],
  ['/images.unsplash.com/photo-heavy.png', paddedPhoto(MAX_IMAGE_BYTES + 1)],
]);

/**
 * An image host on loopback playing Unsplash and Google Drive (the site sends every remote image
 * fetch here, ARTICLE_IMAGE_ORIGIN, with the image's host as first path segment): a deleted image
 * (404), a Drive file that is not shared publicly (200 with Google's sign-in page), one real
 * image, and the same image just under and just over 10 MB (sent as it streams, no length).
 */
function startImageHost(): Promise<{ origin: string; hits: string[]; close: () => void }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    hits.push(url.pathname);
    if (url.pathname === '/images.unsplash.com/photo-ok.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(photo);
    }
    const padded = paddedPhotos.get(url.pathname);
    if (padded) {
      response.writeHead(200, { 'content-type': 'image/png' });
      for (let at = 0; at < padded.length; at += 65_536)
        response.write(padded.subarray(at, at + 65_536));
      response.on('error', () => {});
      return response.end();
    }
    if (url.pathname === '/drive.google.com/uc') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<!doctype html><title>Google Drive – Connexion</title><p>Sign in');
    }
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<h1>Not Found</h1>');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        hits,
        close: () => server.close(),
      }),
    ),
  );
}

const article = (titre: string, image: string): SheetRow => ({
  titre,
  resume: `Résumé : ${titre}.`,
  contenu: 'Texte.',
  statut: 'Publié',
  date: 'Date(2025,4,6)',
  image,
});
const rows = [
  article('Image supprimée', 'https://images.unsplash.com/photo-deleted.jpg'),
  article('Image non partagée', 'https://drive.google.com/file/d/fichierPrive123/view?usp=sharing'),
  article('Image disponible', 'https://images.unsplash.com/photo-ok.png'),
  article('Grande image', 'https://images.unsplash.com/photo-large.png'),
  article('Image trop lourde', 'https://images.unsplash.com/photo-heavy.png'),
];

let host: Awaited<ReturnType<typeof startImageHost>>;
let sheet: SheetServer;
let site: NextServer;
let browser: Browser;

beforeAll(async () => {
  host = await startImageHost();
  sheet = await startSheetServer({ kind: 'rows', rows });
  site = await startNextServer({
    ARTICLES_SHEET_URL: sheet.url,
    ARTICLE_IMAGE_ORIGIN: host.origin,
  });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await sheet?.close();
  host?.close();
});

/** The address of the article's hero image, as its page gives it to the browser. */
async function heroImage(slug: string): Promise<string> {
  const html = await (await fetch(`${site.url}/fr/blog/${slug}`)).text();
  const src = /<img[^>]*fetchPriority="high"[^>]*src="([^"]+)"/i.exec(html)?.[1];
  expect(src, `${slug} has a hero image`).toBeDefined();
  return (src ?? '').replace(/&amp;/g, '&');
}

describe('a remote article image', () => {
  it('that fails is answered with the fallback image, through the optimiser too', async () => {
    for (const slug of ['image-supprimee', 'image-non-partagee', 'image-trop-lourde']) {
      const src = await heroImage(slug);
      expect(src).toMatch(/^\/_next\/image\?url=%2Fapi%2Farticle-image%2F/);
      const optimised = await fetch(`${site.url}${src}`, { headers: { accept: 'image/webp' } });
      expect(optimised.status, slug).toBe(200);
      expect(optimised.headers.get('content-type'), slug).toBe('image/webp');
      const original = decodeURIComponent(new URL(src, site.url).searchParams.get('url') ?? '');
      const served = Buffer.from(await (await fetch(`${site.url}${original}`)).arrayBuffer());
      expect(
        fallbacks.some((fallback) => fallback.equals(served)),
        slug,
      ).toBe(true);
    }
    expect(host.hits).toEqual(
      expect.arrayContaining(['/images.unsplash.com/photo-deleted.jpg', '/drive.google.com/uc']),
    );
    expect(site.output()).toMatch(
      /image https:\/\/images\.unsplash\.com\/photo-deleted\.jpg\?w=1200&q=80 not shown \(HTTP 404\)/,
    );
    expect(site.output()).toMatch(
      /image https:\/\/drive\.google\.com\/uc\?export=view&id=fichierPrive123 not shown \(not an image: text\/html/,
    );
    expect(site.output()).toMatch(
      /image https:\/\/images\.unsplash\.com\/photo-heavy\.png\?w=1200&q=80 not shown \(empty or over 10 MB\)/,
    );
  });

  it('that works is the remote image itself, up to 10 MB', async () => {
    for (const [slug, image] of [
      ['image-disponible', photo],
      ['grande-image', largePhoto],
    ] as const) {
      const src = await heroImage(slug);
      const original = decodeURIComponent(new URL(src, site.url).searchParams.get('url') ?? '');
      const served = await fetch(`${site.url}${original}`);
      expect(served.headers.get('content-type'), slug).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(image), slug).toBe(true);
    }
  });

  it('that fails is not what link previews and search engines are given either', async () => {
    const html = await (await fetch(`${site.url}/en/blog/image-non-partagee`)).text();
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const ld = /"image":"([^"]+)"/.exec(html)?.[1] ?? '';
    for (const address of [og, ld]) {
      expect(address).toMatch(/\/api\/article-image\/image-non-partagee\//);
      const served = Buffer.from(
        await (await fetch(`${site.url}${new URL(address).pathname}`)).arrayBuffer(),
      );
      expect(fallbacks.some((fallback) => fallback.equals(served))).toBe(true);
    }
  });

  it('is only fetched for a published article: no open proxy', async () => {
    const unknown = await fetch(`${site.url}/api/article-image/n-existe-pas/1`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: expect.any(String) });
  });

  it('shows the reader an image on the list and the article, with no console error', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    for (const pathname of [
      '/fr/blog',
      '/fr/blog/image-supprimee',
      '/en/blog/image-non-partagee',
    ]) {
      await page.goto(`${site.url}${pathname}`, { waitUntil: 'networkidle' });
      const images = page.locator('main img');
      await expect.poll(() => images.count()).toBeGreaterThan(0);
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
