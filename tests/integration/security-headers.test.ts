import { ALL_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import { retrieve } from '@mdn/mdn-http-observatory/src/retriever/retriever.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNextServer, type NextServer } from '../../harness/next-server';

/**
 * Mozilla's HTTP Observatory (the @mdn/mdn-http-observatory scanner's own retriever and tests)
 * against the production build on loopback (issue 7). Every test it runs must pass, except the
 * two that need HTTPS, which a TLS-terminating proxy provides in production: the HSTS test (a
 * browser ignores the header over plain HTTP, so the scanner fails it whatever we send) and the
 * HTTP-to-HTTPS redirection test (it also needs the HSTS preload list, which the package
 * downloads at install time and this offline machine cannot fetch).
 */
const NEEDS_HTTPS = new Set(['strictTransportSecurityTest', 'redirectionTest']);
// Port 1 on loopback is closed: the scanner's HTTPS attempt fails at once, as it would here.
const NO_HTTPS_PORT = 1;

let server: NextServer;
let dataDir: string;
const paths = [
  '/',
  '/fr',
  '/en',
  '/en/julien-aubry',
  '/fr/helene-sorel/vcard',
  '/fr/actualites',
  '/en/blog',
  '/fr/mentions-legales',
  '/en/politique-confidentialite',
  '/politique-cookies',
  '/fr/cette-page-n-existe-pas',
  '/api/health',
  // The page of a digest's release link (here its answer to a link that is not valid).
  '/api/contact/messages-retenus/not-a-release-token',
  '/robots.txt',
  '/sitemap.xml',
  '/en/feed.xml',
];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'observatory-'));
  server = await startNextServer({
    DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
  });
  const list = await (await fetch(`${server.url}/fr/actualites`)).text();
  const article = /href="(\/fr\/blog\/[^"?#]+)"/.exec(list)?.[1];
  expect(article, 'the sample sheet has a published article').toBeDefined();
  if (article) paths.push(article);
  const home = await (await fetch(`${server.url}/fr`)).text();
  const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(home)?.[1];
  expect(script, 'the home page loads a script of ours').toBeDefined();
  if (script) paths.push(script);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Mozilla HTTP Observatory', () => {
  it('passes every test that does not need HTTPS, on pages, API, files and the 404', async () => {
    const failures: string[] = [];
    const outcomes: string[] = [];
    for (const pathname of paths) {
      const requests = await retrieve('127.0.0.1', {
        httpPort: server.port,
        httpsPort: NO_HTTPS_PORT,
        path: pathname,
      });
      expect(requests.responses.auto, `${pathname} answered`).not.toBeNull();
      for (const test of ALL_TESTS) {
        if (NEEDS_HTTPS.has(test.name)) continue;
        const output = test(requests);
        outcomes.push(`${pathname} ${test.name}: ${output.result}`);
        if (output.pass !== true) failures.push(`${pathname} ${test.name}: ${output.result}`);
      }
    }
    expect(failures).toEqual([]);
    // Eight of the ten tests on each address: the count proves none was skipped by accident.
    expect(outcomes).toHaveLength(paths.length * (ALL_TESTS.length - NEEDS_HTTPS.size));
    expect(ALL_TESTS.length - NEEDS_HTTPS.size).toBe(8);
  });

  it('fails HSTS only for want of HTTPS, while every response carries the header', async () => {
    const hsts = ALL_TESTS.find((test) => test.name === 'strictTransportSecurityTest');
    expect(hsts).toBeDefined();
    for (const pathname of ['/fr', '/api/health', '/robots.txt']) {
      const requests = await retrieve('127.0.0.1', {
        httpPort: server.port,
        httpsPort: NO_HTTPS_PORT,
        path: pathname,
      });
      expect(hsts?.(requests).result).toBe('hsts-not-implemented-no-https');
      expect(requests.responses.auto?.headers['strict-transport-security']).toBe(
        'max-age=63072000; includeSubDomains',
      );
    }
  });
});

describe('internal routing headers', () => {
  const internal = (response: Response) =>
    [...response.headers.keys()].filter((name) => name.startsWith('x-middleware-'));

  it('never reach the visitor: pages, rewrites, the 404, an article, redirects, files', async () => {
    // '/' and '/mentions-legales' are served by '/fr…', an unknown address by the not-found page,
    // an unpublished article by it too: each is a rewrite of proxy.ts.
    const extra = ['/mentions-legales', '/en/blog/cet-article-n-existe-pas', '/wp-login.php'];
    for (const pathname of [...paths, ...extra]) {
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(`${server.url}${pathname}`, { method, redirect: 'manual' });
        expect(response.status, `${method} ${pathname}`).toBeLessThan(500);
        expect(internal(response), `${method} ${pathname}`).toEqual([]);
      }
    }
    const redirect = await fetch(`${server.url}/fr/mentions-legales/`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(internal(redirect)).toEqual([]);
    const missing = await fetch(`${server.url}/fr/cette-page-n-existe-pas`);
    expect(missing.status).toBe(404);
  });

  it('leave the App Router its own header on its in-page navigation requests', async () => {
    // A client-side navigation to '/' asks for the RSC payload: no x-middleware-rewrite, but the
    // rewritten path the App Router's client needs to cache the page under its real route.
    const response = await fetch(`${server.url}/`, { headers: { rsc: '1' } });
    expect(response.status).toBe(200);
    expect(internal(response)).toEqual([]);
    expect(response.headers.get('x-nextjs-rewritten-path')).toBe('/fr');
  });
});
