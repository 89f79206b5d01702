#!/usr/bin/env node
// `npm run bench:audience`: the audience measurement's receiver under load, through the shipped
// nginx site (deploy/nginx/, TLS, one worker) in front of one `next start` started as the
// systemd unit starts it, with its own throwaway SQLite database. Run `npm run build` first.
//
// Three measures of BENCH_LOAD_SECONDS (10) each, after 3 s of warm-up:
// 1. a kept page (/fr) alone: requests a second, p50, p99 (32 connections, each a visitor with
//    its own loopback address for 50 requests, as bench/throughput.mjs);
// 2. page views alone: beacons (a browser's first beacon, counted) at BENCH_AUDIENCE_RATE (1,000)
//    a second, from many loopback addresses (each address 20 beacons, under the receiver's
//    per-address burst of 50, then a new one);
// 3. both at once: the page's throughput while the beacons arrive.
// Then the database must hold exactly the page views answered 204. The beacons carry Chrome's
// user agent, not the tools' token: this bench measures counting itself, into its own database.
// Prints a markdown table; judges nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import autocannon from 'autocannon';
import { manyVisitors, newNoncePlaceholder, startNginx } from '../scripts/nginx.mjs';
import { freePort, startUnitServer } from './unit-server.mjs';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32);
const RATE = Number(process.env.BENCH_AUDIENCE_RATE ?? 1000);
const PAGE = '/fr';
const COUNTED_PAGE = '/fr/mentions-legales';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-audience-'));
const database = `file:${path.join(dir, 'site.db')}`;
const httpsPort = await freePort();
const siteUrl = `https://127.0.0.1:${httpsPort}`;
const placeholder = newNoncePlaceholder();
const instance = await startUnitServer({
  SITE_URL: siteUrl,
  PAGE_CACHE_NONCE_PLACEHOLDER: placeholder,
  DATABASE_URL: database,
  OUTBOX_DIR: path.join(dir, 'outbox'),
  ARTICLES_GENERATION_FILE: path.join(dir, 'generation'),
});
let nginx;

const pages = (duration) =>
  autocannon({
    url: `${nginx.httpsUrl}${PAGE}`,
    connections: CONNECTIONS,
    duration,
    headers: { 'accept-encoding': 'gzip' },
    ...manyVisitors({ first: 20, requestsPerConnection: 50 }),
  });

const beacons = (duration) =>
  autocannon({
    url: `${nginx.httpsUrl}/api/audience`,
    method: 'POST',
    connections: Math.max(10, Math.ceil(RATE / 20)),
    overallRate: RATE,
    duration,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: siteUrl,
      'user-agent': chrome,
    },
    body: JSON.stringify({ type: 'view', path: COUNTED_PAGE, referrer: 'www.google.fr' }),
    ...manyVisitors({ first: 40, requestsPerConnection: 20 }),
  });

async function views() {
  const client = createClient({ url: database });
  try {
    const { rows } = await client.execute({
      sql: "SELECT SUM(count) AS n FROM audience_counts WHERE measure = 'view' AND path = ?",
      args: [COUNTED_PAGE],
    });
    return Number(rows[0]?.n ?? 0);
  } catch {
    return 0;
  } finally {
    client.close();
  }
}

try {
  nginx = await startNginx({
    upstreamPorts: [instance.port],
    httpsPort,
    noncePlaceholder: placeholder,
  });
  process.stderr.write('audience: warm-up\n');
  await Promise.all([pages(WARM_UP_SECONDS), beacons(WARM_UP_SECONDS)]);
  // Written every 10 s: the warm-up's page views are in the database before the count starts.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const warmed = await views();

  process.stderr.write('audience: the page alone\n');
  const alone = await pages(SECONDS);
  process.stderr.write('audience: the beacons alone\n');
  const received = await beacons(SECONDS);
  process.stderr.write('audience: both at once\n');
  const [together, receivedTogether] = await Promise.all([pages(SECONDS), beacons(SECONDS)]);
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const counted = (await views()) - warmed;

  const answered = (result) => result['2xx'];
  const cell = (result) =>
    `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${result.non2xx || result.errors ? ` (non-2xx ${result.non2xx}, errors ${result.errors})` : ''}`;
  console.log(
    [
      `Audience receiver through the shipped nginx (TLS, HTTP/1.1, one worker), one instance on SQLite, ${os.cpus().length} cores, Node.js ${process.version}; ${SECONDS} s per measure after ${WARM_UP_SECONDS} s of warm-up. The page: ${CONNECTIONS} connections, a new loopback address every 50 requests. Beacons: asked at ${RATE} a second, a new loopback address every 20.`,
      '',
      '| measure | the page (`/fr`, kept) | beacons (page views) |',
      '|---|---|---|',
      `| the page alone | ${cell(alone)} | — |`,
      `| the beacons alone | — | ${cell(received)} |`,
      `| both at once | ${cell(together)} | ${cell(receivedTogether)} |`,
      '',
      `Page views answered 204: ${answered(received) + answered(receivedTogether)}; counted in the database: ${counted}. The page's throughput with the beacons: ${((100 * together.requests.average) / alone.requests.average).toFixed(0)} % of its throughput alone.`,
    ].join('\n'),
  );
} finally {
  await nginx?.stop();
  instance.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
