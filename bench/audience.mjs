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
// Each load comes from a process of its own (autocannon's event loop is not shared), and the
// beacons carry Chrome's user agent, not the tools' token: this bench measures counting itself,
// into its own database, and reports how many page views the database then holds. Prints a
// markdown table; judges nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import autocannon from 'autocannon';
import { manyVisitors, newNoncePlaceholder, startNginx } from '../scripts/nginx.mjs';
import { freePort, startUnitServer } from './unit-server.mjs';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32);
const RATE = Number(process.env.BENCH_AUDIENCE_RATE ?? 1000);
const BEACON_CONNECTIONS = Math.max(10, Math.ceil(RATE / 20));
const PAGE = '/fr';
const COUNTED_PAGE = '/fr/mentions-legales';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** One load, run in this process: `node bench/audience.mjs --load pages|beacons <origin> <s>`. */
async function load(kind, origin, duration) {
  const common = { duration, ...(kind === 'pages' ? {} : {}) };
  const result = await autocannon(
    kind === 'pages'
      ? {
          ...common,
          url: `${origin}${PAGE}`,
          connections: CONNECTIONS,
          headers: { 'accept-encoding': 'gzip' },
          ...manyVisitors({ first: 20, requestsPerConnection: 50 }),
        }
      : {
          ...common,
          url: `${origin}/api/audience`,
          method: 'POST',
          connections: BEACON_CONNECTIONS,
          overallRate: RATE,
          headers: { 'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': chrome },
          body: JSON.stringify({ type: 'view', path: COUNTED_PAGE, referrer: 'www.google.fr' }),
          ...manyVisitors({ first: 40, requestsPerConnection: 20 }),
        },
  );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

if (process.argv[2] === '--load') {
  const [, , , kind, origin, seconds] = process.argv;
  process.stdout.write(JSON.stringify(await load(kind, origin, Number(seconds))));
  process.exit(0);
}

/** A load in a child process, so that two loads at once do not share one event loop. */
function loadApart(kind, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--load', kind, nginx.httpsUrl, String(seconds)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, NODE_TLS_REJECT_UNAUTHORIZED: '0' },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${kind} load exited ${code}`)),
    );
  });
}

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

/**
 * What the database holds once the page views answered (`expected`) are in it, and one write
 * later (10 s) those still in flight when autocannon stopped waiting for them.
 */
async function settled(expected) {
  const deadline = Date.now() + 30_000;
  while ((await views()) < expected && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 500));
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  return views();
}

try {
  nginx = await startNginx({
    upstreamPorts: [instance.port],
    httpsPort,
    noncePlaceholder: placeholder,
  });
  process.stderr.write('audience: warm-up\n');
  const [, warmUp] = await Promise.all([
    loadApart('pages', WARM_UP_SECONDS),
    loadApart('beacons', WARM_UP_SECONDS),
  ]);
  // The instance writes what it received every 10 s: the warm-up's page views first.
  const warmed = await settled(warmUp.ok);

  process.stderr.write('audience: the page alone\n');
  const alone = await loadApart('pages', SECONDS);
  process.stderr.write('audience: the beacons alone\n');
  const received = await loadApart('beacons', SECONDS);
  process.stderr.write('audience: both at once\n');
  const [together, receivedTogether] = await Promise.all([
    loadApart('pages', SECONDS),
    loadApart('beacons', SECONDS),
  ]);
  const answered = received.ok + receivedTogether.ok;
  const counted = (await settled(warmed + answered)) - warmed;

  const cell = (m) =>
    `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.non2xx || m.errors ? ` (non-2xx ${m.non2xx}, errors ${m.errors})` : ''}`;
  console.log(
    [
      `Audience receiver through the shipped nginx (TLS, HTTP/1.1, one worker), one instance on SQLite, ${os.cpus().length} cores, Node.js ${process.version}; ${SECONDS} s per measure after ${WARM_UP_SECONDS} s of warm-up, each load from a process of its own. The page: ${CONNECTIONS} connections, a new loopback address every 50 requests. Beacons: asked at ${RATE} a second on ${BEACON_CONNECTIONS} connections, a new loopback address every 20.`,
      '',
      '| measure | the page (`/fr`, kept) | beacons (page views) |',
      '|---|---|---|',
      `| the page alone | ${cell(alone)} | — |`,
      `| the beacons alone | — | ${cell(received)} |`,
      `| both at once | ${cell(together)} | ${cell(receivedTogether)} |`,
      '',
      `Page views answered 204 as autocannon counted them: ${answered}; counted in the database: ${counted} (autocannon leaves out the answers it had not read when a measure ended or a visitor's connection was replaced; the site counted those too). The page's throughput with the beacons: ${((100 * together.rps) / alone.rps).toFixed(0)} % of its throughput alone.`,
    ].join('\n'),
  );
} finally {
  await nginx?.stop();
  instance.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
