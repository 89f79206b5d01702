#!/usr/bin/env node
// `npm run bench:throughput`: requests a second and p50/p99 per page kind through the shipped
// nginx site (deploy/nginx/, TLS, one worker, Brotli) in front of one instance
// started as the systemd unit starts it, each page held to its own ceiling measured in the same
// run: the same page's bytes saved as a static file and served by the same nginx with the same
// TLS, compressed per response. Run `npm run build` first; this builds nothing.
//
// Each page is measured twice through the proxy: with the page cache (docs/page-cache.md), and
// without it (a second nginx whose placeholder the instance does not know: every page rendered
// per request, as before the cache). autocannon, 32 connections, `Accept-Encoding: gzip, deflate,
// br` as browsers send it (so Brotli, made per response), 10 s per measure after 3 s of warm-up. Each connection is one visitor: its
// own loopback address (127.x.y.z) for 50 requests, under the site's per-address burst of 60,
// then a new visitor on a new connection (a new TLS handshake, as a new visitor costs).
// Targets: every page at least half of its ceiling, p99 at most 100 ms. BENCH_LOAD_SECONDS,
// BENCH_LOAD_CONNECTIONS and BENCH_REQUESTS_PER_CONNECTION change the load; BENCH_PAGES
// (comma-separated paths) measures only those.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { manyVisitors, newNoncePlaceholder, startNginx } from '../scripts/nginx.mjs';
import { firstArticlePath } from '../harness/measured-pages.mjs';
import { freePort, startUnitServer } from './unit-server.mjs';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32);
const ONLY = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
const PER_VISITOR = Number(process.env.BENCH_REQUESTS_PER_CONNECTION ?? 50);
/** What browsers ask for: every one the site serves accepts Brotli. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** One instance as the unit starts it, knowing the page cache's placeholder. */
async function startInstance(siteUrl, placeholder) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-throughput-'));
  const server = await startUnitServer({
    SITE_URL: siteUrl,
    PAGE_CACHE_NONCE_PLACEHOLDER: placeholder,
    ARTICLES_GENERATION_FILE: path.join(dir, 'generation'),
  });
  return { ...server, dir };
}

/** The page's bytes as a browser gets them (uncompressed), through the proxy. */
function pageBytes(nginx, pathname) {
  return new Promise((resolve, reject) => {
    https
      .get(
        `${nginx.httpsUrl}${pathname}`,
        { ca: readFileSync(nginx.certFile), localAddress: '127.9.0.1', agent: false },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

async function measure(url) {
  const options = {
    url,
    connections: CONNECTIONS,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
    ...manyVisitors({ requestsPerConnection: PER_VISITOR }),
  };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

// The ceiling is compressed as the site's kept pages are: the levels of its page location (the
// first in the file).
const siteFile = readFileSync(
  new URL('../deploy/nginx/sorel-aubry-avocats.conf', import.meta.url),
  'utf8',
);
const gzipLevel = /gzip_comp_level (\d+);/.exec(siteFile)?.[1] ?? '1';
const brotliLevel = /brotli_comp_level (\d+);/.exec(siteFile)?.[1] ?? '6';
const httpsPort = await freePort();
const placeholder = newNoncePlaceholder();
const instance = await startInstance(`https://127.0.0.1:${httpsPort}`, placeholder);
const staticDir = path.join(instance.dir, 'static');
mkdirSync(staticDir);
chmodAll(instance.dir);
const staticPort = await freePort();
let cached;
let uncached;
try {
  // The ceiling: a server in the same nginx, same TLS, serving the saved bytes from files and
  // compressing them per response (Brotli for these clients, gzip for others).
  cached = await startNginx({
    upstreamPorts: [instance.port],
    httpsPort,
    noncePlaceholder: placeholder,
    extraHttp: (certFile, keyFile) => `server {
    listen 127.0.0.1:${staticPort} ssl http2;
    ssl_certificate ${certFile};
    ssl_certificate_key ${keyFile};
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_prefer_server_ciphers off;
    ssl_session_cache shared:bench_static_tls:10m;
    ssl_session_tickets off;
    keepalive_timeout 65s;
    root ${staticDir};
    default_type text/html;
    gzip_comp_level ${gzipLevel};
    brotli on;
    brotli_comp_level ${brotliLevel};
}
`,
  });
  // Before the cache: another nginx whose placeholder the instance does not know.
  uncached = await startNginx({ upstreamPorts: [instance.port] });

  const pages = ['/fr', '/en', '/fr/actualites'];
  const article = await firstArticlePath(instance.url, 'fr');
  if (article) pages.push(article);
  pages.push('/en/helene-sorel', '/en/mentions-legales');
  const rows = [];
  for (const [i, page] of pages.entries()) {
    if (ONLY.length && !ONLY.includes(page)) continue;
    const file = `page-${i}.html`;
    writeFileSync(path.join(staticDir, file), await pageBytes(cached, page));
    chmodAll(staticDir);
    process.stderr.write(`throughput ${page}\n`);
    const ceiling = await measure(`https://127.0.0.1:${staticPort}/${file}`);
    const withCache = await measure(`${cached.httpsUrl}${page}`);
    const without = await measure(`${uncached.httpsUrl}${page}`);
    rows.push({ page, ceiling, withCache, without });
  }

  const cell = (m) =>
    `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.non2xx || m.errors ? ` (non-2xx ${m.non2xx}, errors ${m.errors})` : ''}`;
  const mark = (ok) => (ok ? '' : ' ✗');
  console.log(
    [
      `Throughput through the shipped nginx (TLS, HTTP/1.1, one worker, Brotli), one instance, ${os.cpus().length} cores, Node.js ${process.version}; ${CONNECTIONS} connections, each a visitor with its own loopback address for ${PER_VISITOR} requests then a new one (a new TLS handshake), Accept-Encoding: ${ACCEPT_ENCODING}, ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up. Targets: share ≥ 0.5, p99 ≤ 100 ms.`,
      '',
      '| page | with the page cache | rendered per request (no cache) | its bytes as a static file (ceiling) | share of its ceiling |',
      '|---|---|---|---|---|',
      ...rows.map(({ page, ceiling, withCache, without }) => {
        const share = withCache.rps / ceiling.rps;
        return `| \`${page}\` | ${cell(withCache)}${mark(withCache.p99 <= 100)} | ${cell(without)} | ${cell(ceiling)} | ${share.toFixed(2)}${mark(share >= 0.5)} (before: ${(without.rps / ceiling.rps).toFixed(2)}) |`;
      }),
    ].join('\n'),
  );
} finally {
  await cached?.stop();
  await uncached?.stop();
  instance.child.kill('SIGTERM');
  rmSync(instance.dir, { recursive: true, force: true });
}

/** nginx's workers (user nobody when started as root) read the static files. */
function chmodAll(dir) {
  execFileSync('chmod', ['-R', 'a+rX', dir]);
}
