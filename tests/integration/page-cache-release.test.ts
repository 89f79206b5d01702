import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNoncePlaceholder, startNginx, type RunningNginx } from '../../scripts/nginx.mjs';
import { throughNginx } from '../support/through-nginx';

/**
 * The page cache across releases (deploy/nginx/sorel-aubry-avocats.conf, docs/page-cache.md,
 * "Freshness"): nginx keeps pages under the release the site's `current` link points to, and keeps
 * none rendered by an instance of another release. The shipped site runs in front of a stand-in
 * instance that answers as a deploy/release build does (X-Deployment-Id, the page cache's
 * placeholder) for the release it is told to be, so that every case of a rolling switch is met
 * at will; tests/integration/release.test.ts runs the real switch.
 */

const OLD = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const NEW = 'f0e1d2c3b4a5968778695a4b3c2d1e0f98765432';

let dir: string;
let nginx: RunningNginx;
let instance: http.Server;
let placeholder: string;
/** The release the stand-in instance says it runs (none: a build without a deployment id). */
let says: string | null = OLD;
let renders = 0;
/** While set, the stand-in holds its answers until it resolves (a render under way). */
let held: Promise<void> | null = null;
/** How many requests the stand-in is holding. */
let holding = 0;

/** Points the site's `current` link at releases/<commit> in one step, as deploy/release does. */
function pointCurrent(commit: string) {
  mkdirSync(path.join(dir, 'releases', commit), { recursive: true });
  symlinkSync(`releases/${commit}`, path.join(dir, 'current.new'));
  renameSync(path.join(dir, 'current.new'), path.join(dir, 'current'));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sa-page-cache-release-'));
  // nginx's workers (nobody, under root) resolve the link: they must be able to walk to it.
  chmodSync(dir, 0o755);
  pointCurrent(OLD);
  placeholder = newNoncePlaceholder();
  instance = http.createServer(async (request, response) => {
    if (held) {
      holding += 1;
      await held;
      holding -= 1;
    }
    renders += 1;
    const nonce = request.headers['x-page-cache-nonce'] === placeholder ? placeholder : 'own';
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `script-src 'nonce-${nonce}'`,
      ...(nonce === placeholder ? { 'x-page-cache-nonce': '1' } : {}),
      ...(says ? { 'x-deployment-id': says } : {}),
    });
    response.end(
      `<html data-dpl-id="${says ?? ''}"><body>render ${renders}<script nonce="${nonce}"></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
  const { port } = instance.address() as import('node:net').AddressInfo;
  nginx = await startNginx({
    upstreamPorts: [port],
    noncePlaceholder: placeholder,
    siteRoot: path.join(dir, 'current'),
  });
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await new Promise((resolve) => instance?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Page {
  cache: string;
  release: string;
  render: number;
  headers: http.IncomingHttpHeaders;
}

/** A page through nginx: where it came from, the release it names and which render it is. */
async function get(pathname: string): Promise<Page> {
  const { headers, body } = await throughNginx(nginx, pathname);
  return {
    cache: String(headers['x-cache-status']),
    release: /data-dpl-id="([^"]*)"/.exec(body)?.[1] ?? 'missing',
    render: Number(/render (\d+)/.exec(body)?.[1]),
    headers,
  };
}

/**
 * Asks for a page until nginx answers it from a kept copy (a copy lives 1 s, and a loaded machine
 * may take longer between two requests); returns every answer, the HIT last.
 */
async function untilKept(pathname: string): Promise<Page[]> {
  const pages: Page[] = [];
  const deadline = Date.now() + 30_000;
  while (pages.at(-1)?.cache !== 'HIT') {
    if (Date.now() > deadline)
      throw new Error(`${pathname} never kept: ${pages.map((page) => page.cache).join(' ')}`);
    pages.push(await get(pathname));
  }
  return pages;
}

describe('the page cache across releases', () => {
  it('answers the new release’s page from the moment `current` points to it, and keeps that one', async () => {
    pointCurrent(OLD);
    says = OLD;
    const first = await get('/fr/actualites');
    expect(first).toMatchObject({ cache: 'MISS', release: OLD });
    for (const page of await untilKept('/fr/actualites')) {
      expect(page.release).toBe(OLD);
      // The release never reaches the browser.
      expect(page.headers['x-deployment-id']).toBeUndefined();
    }

    // The switch: the link moves, then the instances restart on the new release.
    pointCurrent(NEW);
    says = NEW;
    const after = await get('/fr/actualites');
    expect(after).toMatchObject({ cache: 'MISS', release: NEW });
    expect(after.render).toBeGreaterThan(first.render);
    for (const page of await untilKept('/fr/actualites')) expect(page.release).toBe(NEW);

    // A rollback: the old release's own copies may come back (its key), never the new one's.
    pointCurrent(OLD);
    says = OLD;
    for (let i = 0; i < 3; i += 1) expect((await get('/fr/actualites')).release).toBe(OLD);
  });

  it('keeps no page rendered by an instance of another release than `current`’s, or of none', async () => {
    pointCurrent(NEW);
    // An instance still on the old release, during the rolling switch: rendered every time.
    says = OLD;
    const old = [await get('/en/news'), await get('/en/news')];
    expect(old.map((page) => page.cache)).toEqual(['MISS', 'MISS']);
    expect(old[1]!.render).toBeGreaterThan(old[0]!.render);
    // A build that names no release, under a release folder: proves nothing, kept neither.
    says = null;
    const unnamed = [await get('/en/news'), await get('/en/news')];
    expect(unnamed.map((page) => page.cache)).toEqual(['MISS', 'MISS']);
    // Once the instance runs the release `current` points to, its page is kept.
    says = NEW;
    expect(await get('/en/news')).toMatchObject({ cache: 'MISS', release: NEW });
    for (const page of await untilKept('/en/news')) expect(page.release).toBe(NEW);
    const log = readFileSync(path.join(nginx.dir, 'logs/error.log'), 'utf8');
    expect(log).not.toMatch(/realpath/);
  });

  it('keeps no page answered after the link moved under the release it was asked under', async () => {
    pointCurrent(OLD);
    says = OLD;
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    // Asked while `current` is the old release; the switch happens while the page renders, and
    // the instance answers as the new release.
    const asked = get('/fr/honoraires');
    await expect.poll(() => holding, { timeout: 30_000 }).toBe(1);
    pointCurrent(NEW);
    says = NEW;
    release();
    held = null;
    expect(await asked).toMatchObject({ cache: 'MISS', release: NEW });
    // Back on the old release: that page was not kept under its key.
    pointCurrent(OLD);
    says = OLD;
    expect(await get('/fr/honoraires')).toMatchObject({ cache: 'MISS', release: OLD });
  });
});
