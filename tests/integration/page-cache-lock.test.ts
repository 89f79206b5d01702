import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNoncePlaceholder, startNginx, type RunningNginx } from '../../scripts/nginx.mjs';
import { throughNginx, type NginxAnswer } from '../support/through-nginx';

/**
 * A page being rendered for the page cache, and a flood, leave no visitor held by that page
 * (deploy/nginx/sorel-aubry-avocats.conf, the page cache's lock; docs/page-cache.md, "What is
 * kept"). nginx runs in front of a stand-in instance that renders as the site does for the page
 * cache and writes in each page which render it is; /fr/lente waits to be released.
 */

let nginx: RunningNginx;
let instance: http.Server;
/** Every render the stand-in began, in order: its path, and whether it has ended. */
const renders: { url: string; ended: boolean }[] = [];
/** Releases the renders of /fr/lente waiting so far. */
const releases: (() => void)[] = [];

/** How long a test waits for what nginx does within seconds: a safety net, not a figure. */
const DEADLINE_MS = 60_000;
const FLOODER = '127.7.0.4';

beforeAll(async () => {
  const placeholder = newNoncePlaceholder();
  instance = http.createServer((request, response) => {
    const render = { url: request.url ?? '/', ended: false };
    renders.push(render);
    const number = renders.length;
    const kept = request.headers['x-page-cache-nonce'] === placeholder;
    const answer = () => {
      response.writeHead(200, {
        'content-type': request.headers.rsc === '1' ? 'text/x-component' : 'text/html',
        'content-security-policy': `script-src 'nonce-${kept ? placeholder : 'own'}'`,
        ...(kept ? { 'x-page-cache-nonce': '1' } : {}),
      });
      response.end(`<html><body><p id="render">${number}</p></body></html>`);
    };
    // Ended: answered in full, or its connection closed by nginx first.
    response.once('close', () => {
      render.ended = true;
    });
    if (render.url.startsWith('/fr/lente')) releases.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
  nginx = await startNginx({
    upstreamPorts: [(instance.address() as AddressInfo).port],
    noncePlaceholder: placeholder,
  });
}, 60_000);

afterAll(async () => {
  for (const release of releases) release();
  await nginx?.stop();
  instance?.closeAllConnections();
  await new Promise((resolve) => instance?.close(resolve));
});

const render = (answer: NginxAnswer) => Number(/<p id="render">(\d+)</.exec(answer.body)?.[1]);
const errorLog = () => readFileSync(path.join(nginx.dir, 'logs/error.log'), 'utf8');
const accessLog = () =>
  readFileSync(path.join(nginx.dir, 'logs/access.log'), 'utf8').split('\n').filter(Boolean);
const LONG_LOCKED = /long locked/;

/** A visitor asking for `pathname` who leaves (closes the connection) once `leaves` resolves. */
function leavingVisitor(pathname: string, leaves: Promise<void>) {
  const req = https.request(`${nginx.httpsUrl}${pathname}`, {
    ca: readFileSync(nginx.certFile),
    localAddress: '127.9.0.1',
    agent: false,
  });
  const ended = new Promise<string>((resolve) => {
    req.on('response', () => resolve('answered'));
    req.on('error', () => resolve('closed'));
  });
  req.end();
  void leaves.then(() => req.destroy());
  return ended;
}

describe('the page cache’s lock', () => {
  it('serves a page whose render was abandoned by its visitor to the next one, from that render’s copy or a new one', async () => {
    const rendersOfPage = () => renders.filter((r) => r.url === '/fr/lente');
    // The first visitor asks for the page, and leaves while it is being rendered for them.
    const rendering = expect
      .poll(() => rendersOfPage().length, { timeout: DEADLINE_MS })
      .toBe(1)
      .then(() => undefined);
    expect(await leavingVisitor('/fr/lente', rendering)).toBe('closed');
    // The render ends after the visitor left, and nginx is done with the request (its access
    // log line).
    const abandoned = renders.indexOf(rendersOfPage()[0]!) + 1;
    for (const release of releases.splice(0)) release();
    await expect.poll(() => rendersOfPage()[0]!.ended, { timeout: DEADLINE_MS }).toBe(true);
    await expect
      .poll(() => accessLog().some((line) => /^127\.9\.0\.1 .*"GET \/fr\/lente /.test(line)), {
        timeout: DEADLINE_MS,
      })
      .toBe(true);

    // The next visitor gets the page: the copy that render made, or a render of its own (a new
    // one is released as soon as it begins). Never an error, nor a wait on the abandoned render.
    const next = throughNginx(nginx, '/fr/lente', { localAddress: '127.9.0.2' });
    const releasing = setInterval(() => {
      for (const release of releases.splice(0)) release();
    }, 20);
    const answer = await next.finally(() => clearInterval(releasing));
    expect(answer.status).toBe(200);
    const status = String(answer.headers['x-cache-status']);
    console.info(
      `[page-cache-lock] abandoned: ${accessLog().find((line) => line.startsWith('127.9.0.1 '))}; next: ${status}, render ${render(answer)} of ${renders.length}`,
    );
    if (status === 'HIT') expect(render(answer)).toBe(abandoned);
    else {
      expect(['MISS', 'EXPIRED']).toContain(status);
      expect(render(answer)).toBeGreaterThan(abandoned);
      expect(rendersOfPage()).toHaveLength(2);
    }
  }, 120_000);

  it('is left by no request after one address floods past its connection cap: nginx forgets every copy and logs no `long locked` entry', async () => {
    // What nginx logs from now on. (A render that lasts past `inactive=1s` while nobody else asks
    // for its page, as the previous test's, is logged `long locked` too while it lasts.)
    const logFrom = errorLog().length;
    // 48 connections from one address, 32 of them asking for client navigations (never kept)
    // and 16 for a kept page, as fast as they can; each in its own process, niced.
    const flooders = [
      ['/fr/actualites', '32', '{"rsc":"1"}'],
      ['/fr?flood=1', '16', '{}'],
    ].map(([pathname, connections, headers]) => {
      const child = spawn(
        'nice',
        [
          '-n',
          '19',
          process.execPath,
          path.resolve(__dirname, '../../harness/flood.mjs'),
          `${nginx.httpsUrl}${pathname}`,
          FLOODER,
          connections!,
          '600',
          headers!,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      return { child, ended: new Promise((resolve) => child.once('close', resolve)) };
    });
    try {
      // The flood is past both caps: connections refused by the stream part, requests 429.
      await expect
        .poll(
          () =>
            errorLog().includes(`limiting connections by zone "sorel_aubry_connections"`) &&
            accessLog().filter((line) => line.startsWith(`${FLOODER} `) && line.includes('" 429 '))
              .length > 1_000,
          { timeout: DEADLINE_MS },
        )
        .toBe(true);
      // Kept copies were served during the flood.
      expect(
        accessLog().some((line) => line.startsWith(`${FLOODER} `) && line.includes('" 200 ')),
      ).toBe(true);
    } finally {
      for (const { child } of flooders) child.kill('SIGTERM');
    }
    for (const { ended } of flooders) expect(await ended).toBe(0);
    // Once nobody asks, nginx's cache manager forgets every copy (inactive=1s): an entry still
    // held by a request would be kept, and logged as `long locked`.
    const pages = path.join(nginx.dir, 'cache/sorel-aubry-avocats-pages');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name)) : [entry.name],
      );
    await expect.poll(() => files(pages), { timeout: DEADLINE_MS, interval: 500 }).toEqual([]);
    expect(errorLog().slice(logFrom)).not.toMatch(LONG_LOCKED);
  }, 120_000);
});
