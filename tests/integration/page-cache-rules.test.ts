import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNoncePlaceholder, startNginx, type RunningNginx } from '../../scripts/nginx.mjs';
import { throughNginx, type NginxAnswer } from '../support/through-nginx';

/**
 * What the shipped nginx site keeps, and under which key (deploy/nginx/sorel-aubry-avocats.conf,
 * docs/page-cache.md, "What is kept"), and its limit on client navigations ("Per-address
 * limits"). nginx runs in front of a stand-in instance that renders as the site does for the
 * page cache (the placeholder, X-Page-Cache-Nonce) and writes in each page which render it is and
 * which address it was rendered for, so that what a visitor is given says which copy it is.
 */

let nginx: RunningNginx;
let instance: http.Server;
let renders = 0;

/** How long a test asks again for what nginx does within seconds: a safety net, not a figure. */
const DEADLINE_MS = 30_000;
/** Requests one address sends at once in the navigation limit's test. */
const AT_ONCE = 30;

beforeAll(async () => {
  const placeholder = newNoncePlaceholder();
  instance = http.createServer((request, response) => {
    renders += 1;
    const url = request.url ?? '/';
    const nonce = request.headers['x-page-cache-nonce'] === placeholder ? placeholder : 'own';
    const headers: http.OutgoingHttpHeaders = {
      'content-type': request.headers.rsc === '1' ? 'text/x-component' : 'text/html; charset=utf-8',
      'content-security-policy': `script-src 'nonce-${nonce}'`,
      ...(nonce === placeholder ? { 'x-page-cache-nonce': '1' } : {}),
    };
    // The answers nginx must never keep, however they were rendered.
    let status = 200;
    if (url.startsWith('/fr/indisponible')) status = 503;
    if (url.startsWith('/fr/introuvable')) status = 404;
    if (url.startsWith('/fr/avec-cookie')) headers['set-cookie'] = 'visiteur=1; Path=/; HttpOnly';
    response.writeHead(status, headers);
    response.end(
      `<html><body><p id="render">${renders}</p><p id="for">${url}</p><script nonce="${nonce}"></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
  nginx = await startNginx({
    upstreamPorts: [(instance.address() as AddressInfo).port],
    noncePlaceholder: placeholder,
  });
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  instance?.closeAllConnections();
  await new Promise((resolve) => instance?.close(resolve));
});

let visitorNumber = 0;
/** A request through nginx from a loopback address of its own (a visitor of its own). */
function request(pathname: string, headers: Record<string, string> = {}, localAddress?: string) {
  visitorNumber += 1;
  return throughNginx(nginx, pathname, {
    headers,
    localAddress:
      localAddress ?? `127.9.${Math.floor(visitorNumber / 250)}.${(visitorNumber % 250) + 1}`,
  });
}

const cacheStatus = (answer: NginxAnswer) => String(answer.headers['x-cache-status']);
/** Which render of the stand-in an answer is, and the address that render was asked with. */
const render = (answer: NginxAnswer) => Number(/<p id="render">(\d+)</.exec(answer.body)?.[1]);
const renderedFor = (answer: NginxAnswer) => /<p id="for">([^<]*)</.exec(answer.body)?.[1] ?? '';

/** What a page may depend on, as the docs state it: its path and the list's two parameters. */
function key(address: string): string {
  const url = new URL(address, 'https://site');
  return `${url.pathname}|tag=${url.searchParams.get('tag') ?? ''}|page=${url.searchParams.get('page') ?? ''}`;
}

/**
 * Asks for `first` then `second` until the second is answered from the copy the first was
 * rendered for (a copy lives 1 s, and a loaded machine may take longer between two requests).
 * Returns every address asked with its answer, for the test to check them all.
 */
async function givenCopyOf(
  first: string,
  second: string,
): Promise<{ asked: string; answer: NginxAnswer }[]> {
  const answers: { asked: string; answer: NginxAnswer }[] = [];
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    answers.push({ asked: first, answer: await request(first) });
    const answer = await request(second);
    answers.push({ asked: second, answer });
    if (cacheStatus(answer) === 'HIT' && renderedFor(answer) === first) return answers;
    if (Date.now() > deadline) throw new Error(`${second} never given the copy of ${first}`);
  }
}

/**
 * Asks for `pathname` twice between two requests for a page that is kept, until the second of
 * those is answered from the copy the first made. A copy of `pathname`, had one been kept by the
 * first of its two requests, was kept after the kept page's copy and so was still alive for the
 * second: that second request would have been answered from it.
 */
async function askedTwiceWhileCopiesLive(
  pathname: string,
  headers: Record<string, string> = {},
): Promise<[NginxAnswer, NginxAnswer]> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const before = await request('/fr/temoin');
    const pair: [NginxAnswer, NginxAnswer] = [
      await request(pathname, headers),
      await request(pathname, headers),
    ];
    const after = await request('/fr/temoin');
    if (cacheStatus(after) === 'HIT' && render(after) === render(before)) return pair;
    if (Date.now() > deadline) throw new Error(`/fr/temoin never kept around ${pathname}`);
  }
}

describe('the page cache’s key, through the shipped nginx', () => {
  it('keeps the article list apart for each `tag` and `page`, and for nothing else in the address', async () => {
    const list = '/fr/actualites';
    const asked = [
      // Parameters no page reads share the page's copy: they neither fill the cache nor go around it.
      ...(await givenCopyOf(list, `${list}?utm_source=lettre&utm_medium=email`)),
      ...(await givenCopyOf(list, `${list}?x=${Math.random()}`)),
      // Each tag and page has its own copy, which other parameters share in turn.
      ...(await givenCopyOf(`${list}?tag=Veille`, `${list}?tag=Veille&utm_source=lettre`)),
      ...(await givenCopyOf(`${list}?page=2`, `${list}?page=2&ref=accueil`)),
      ...(await givenCopyOf(`${list}?tag=Veille&page=2`, `${list}?page=2&tag=Veille&x=1`)),
      ...(await givenCopyOf(`${list}?tag=Sant%C3%A9`, `${list}?tag=Sant%C3%A9&utm_campaign=1`)),
    ];
    // No answer ever came from a copy rendered for another tag or page.
    expect(asked.map(({ answer }) => answer.status)).toEqual(asked.map(() => 200));
    const mismatched = asked.filter(({ asked, answer }) => key(renderedFor(answer)) !== key(asked));
    expect(mismatched.map(({ asked, answer }) => `${asked} given ${renderedFor(answer)}`)).toEqual(
      [],
    );
  });
});

describe('what the page cache never keeps, through the shipped nginx', () => {
  it('a 503 (the Sheet never loaded), nor a page that sets a cookie; a 404 is kept', async () => {
    for (const [pathname, status] of [
      ['/fr/indisponible', 503],
      ['/fr/avec-cookie', 200],
    ] as const) {
      const [first, second] = await askedTwiceWhileCopiesLive(pathname);
      for (const answer of [first, second]) {
        expect(answer.status, pathname).toBe(status);
        expect(cacheStatus(answer), pathname).not.toBe('HIT');
      }
      // Rendered again for the second request.
      expect(render(second), pathname).toBeGreaterThan(render(first));
    }
    expect((await request('/fr/avec-cookie')).headers['set-cookie']).toEqual([
      'visiteur=1; Path=/; HttpOnly',
    ]);
    // A 404 replaces the copy of an article just unpublished: it is kept like a page.
    const notFound = await givenCopyOf('/fr/introuvable', '/fr/introuvable?utm_source=x');
    expect(notFound.map(({ answer }) => answer.status)).toEqual(notFound.map(() => 404));
  });
});

describe('the limit on client navigations, through the shipped nginx', () => {
  it('answers 429 to one address’s client navigations past their burst of 20, not to its pages', async () => {
    // 30 at once: past the burst, within what one address may hold (32 connections, 32 requests
    // in hand: the caps of the site file).
    const navigator = '127.10.0.1';
    const asked = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        request(`/fr/actualites?_rsc=${i}`, { rsc: '1' }, navigator),
      ),
    );
    const statuses = asked.map((answer) => answer.status);
    expect(statuses).toContain(429);
    const answered = statuses.filter((status) => status === 200).length;
    // The burst (20, and the one request the rate allows at once), and more only as the rate
    // refills it while the 30 arrive.
    expect(answered, statuses.join(' ')).toBeGreaterThanOrEqual(21);
    expect(answered + statuses.filter((status) => status === 429).length).toBe(AT_ONCE);
    const refused = asked.find((answer) => answer.status === 429);
    expect(refused?.body).toMatch(/^Trop de demandes depuis votre adresse/);
    expect(refused?.headers['retry-after']).toBe('1');

    // The same address's page documents are not client navigations: answered.
    expect((await request('/fr/actualites', {}, navigator)).status).toBe(200);
    // As many pages at once from another address are all answered (their burst is 60).
    const pages = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => request(`/fr/page-${i}`, {}, '127.10.0.2')),
    );
    expect(pages.map((answer) => answer.status)).toEqual(pages.map(() => 200));
    // The limit is a rate, not a ban: the address's navigations are answered again.
    await expect
      .poll(async () => (await request('/fr/actualites', { rsc: '1' }, navigator)).status, {
        timeout: DEADLINE_MS,
      })
      .toBe(200);
  });
});
