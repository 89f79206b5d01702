#!/usr/bin/env node
// `npm run bench`: measures the production build (run `npm run build` first; this builds nothing).
// Starts `next start`, runs Lighthouse (mobile preset, simulated throttling, Debian's Chromium,
// median of 3 runs) on the site's pages and on a bare Next.js page (the framework's floor), then a
// load test with autocannon, timed from the client and from inside the server
// (bench/server-timing.mjs), and writes a dated markdown report under bench/results/.
//
// BENCH_BLOCK (comma-separated URL patterns, e.g. '*.js' or '*.js,*.woff2') has Lighthouse block
// those requests: it measures what the pages would score without them, to find out what a metric
// is made of. Such a run skips the load test and writes bench/results/<date>-without-<patterns>.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../scripts/chromium.mjs';
import { firstArticlePath } from '../tests/support/first-article.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const LOAD_CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const BLOCK = (process.env.BENCH_BLOCK ?? '')
  .split(',')
  .map((pattern) => pattern.trim())
  .filter(Boolean);
// Where the server's preloaded bench/server-timing.mjs writes its figures on SIGUSR2.
const SERVER_TIMING = path.join(os.tmpdir(), `bench-server-timing-${process.pid}.json`);

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        BENCH_FLOOR: '1',
        SITE_URL: `http://127.0.0.1:${port}`,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(path.join(root, 'bench/server-timing.mjs'))}`,
        BENCH_SERVER_TIMING: SERVER_TIMING,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      await fetch(`${url}/robots.txt`);
      return { url, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  child.kill('SIGKILL');
  throw new Error('next start did not answer');
}

// A run where Lighthouse could not compute a metric (its NO_LCP error, say) gives NaN there; a
// percentile is taken over the values that are figures.
function percentile(values, fraction) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(fraction * sorted.length)] : Number.NaN;
}
const median = (values) => percentile(values, 0.5);
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? Number.NaN;

async function audit(chrome, url) {
  const runs = [];
  const failures = [];
  // Lighthouse now and then fails to record a load's trace (NO_NAVSTART here, about one run in
  // ten): such a run measured nothing, so it is run again, up to 3 extra runs per page.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt += 1) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      blockedUrlPatterns: BLOCK,
    });
    if (lhr.runtimeError) {
      failures.push(lhr.runtimeError.code);
      continue;
    }
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script',
    );
    runs.push({
      performance: (lhr.categories.performance.score ?? Number.NaN) * 100,
      accessibility: lhr.categories.accessibility.score * 100,
      bestPractices: lhr.categories['best-practices'].score * 100,
      seo: lhr.categories.seo.score * 100,
      lcp: metric(lhr, 'largest-contentful-paint'),
      tbt: metric(lhr, 'total-blocking-time'),
      cls: metric(lhr, 'cumulative-layout-shift'),
      jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    });
  }
  if (!runs.length)
    throw new Error(`Lighthouse failed on every run of ${url}: ${failures.join(', ')}`);
  const pick = (key) => median(runs.map((run) => run[key]));
  return {
    ...Object.fromEntries(Object.keys(runs[0]).map((key) => [key, pick(key)])),
    // Every run's LCP, in the order measured: a median of 3 hides how far apart they are.
    lcpRuns: [
      runs.map((run) => (Number.isFinite(run.lcp) ? run.lcp.toFixed(0) : 'failed')).join(' / '),
      ...(failures.length ? [`(${failures.join(', ')} run again)`] : []),
    ].join(' '),
  };
}

// What the server measured since the previous call (see bench/server-timing.mjs).
async function serverTiming(child) {
  rmSync(SERVER_TIMING, { force: true });
  child.kill('SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(SERVER_TIMING); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!existsSync(SERVER_TIMING)) {
    throw new Error(
      'The server wrote no timing within 5 s: was bench/server-timing.mjs preloaded?',
    );
  }
  const figures = JSON.parse(readFileSync(SERVER_TIMING, 'utf8'));
  rmSync(SERVER_TIMING, { force: true });
  return figures;
}

async function load(child, url) {
  await serverTiming(child);
  const result = await autocannon({ url, connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS });
  const server = await serverTiming(child);
  // autocannon opens all its connections at once. The server accepts a burst of them, then one
  // per turn of its event loop; a connection still waiting after 10 s is dropped by autocannon (a
  // timeout) and opened again, at the back of the queue.
  const burst = server.accepted.filter((at) => at < 500).length;
  const acceptRate = (server.accepted.length - burst) / (LOAD_SECONDS - 0.5);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverP50: percentile(server.durations, 0.5),
    serverP99: percentile(server.durations, 0.99),
    accepted: `${burst} at once, then ${acceptRate.toFixed(1)}/s`,
    // autocannon counts its timeouts (10 s without an answer) among its errors.
    timeouts: result.timeouts,
    otherErrors: result.errors - result.timeouts,
    non2xx: result.non2xx,
  };
}

const { url, child } = await startServer();
// An interrupted run (Ctrl-C, a job's time limit) never reaches the `finally` below, and Chromium
// is launched detached: stop both here, or they outlive the bench.
let chrome;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    chrome?.kill();
    child.kill('SIGKILL');
    process.exit(130);
  });
}
chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumFlags],
});
try {
  const pages = [
    '/bench-floor',
    '/fr',
    '/en',
    '/fr/helene-sorel',
    '/en/helene-sorel',
    '/fr/actualites',
    '/en/actualites',
  ];
  for (const locale of ['fr', 'en']) {
    const article = await firstArticlePath(url, locale);
    if (article) pages.push(article);
  }
  const audits = [];
  for (const page of pages) {
    process.stderr.write(`lighthouse ${page}\n`);
    audits.push({ page, ...(await audit(chrome, `${url}${page}`)) });
  }
  await chromeLauncher.killAll();
  const loads = [];
  const loadPages = BLOCK.length
    ? []
    : ['/fr', pages.find((p) => p.includes('/blog/')) ?? '/fr/actualites'];
  for (const page of loadPages) {
    process.stderr.write(`autocannon ${page}\n`);
    loads.push({ page, ...(await load(child, `${url}${page}`)) });
  }

  const floor = audits[0];
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `# Benchmark ${date}`,
    '',
    `Production build, \`next start\`, this machine (${(await import('node:os')).cpus().length} cores). Lighthouse ${RUNS} runs per page (median), mobile preset with simulated throttling, Debian's Chromium. \`/bench-floor\` is a bare Next.js page (one heading): the framework's floor.`,
    ...(BLOCK.length
      ? [
          '',
          `**Blocked in this run:** \`${BLOCK.join('`, `')}\`. Lighthouse refused those requests, so the figures show what the pages would measure without them; they are not the site's scores.`,
        ]
      : []),
    '',
    '| Page | Perf | A11y | Best pr. | SEO | LCP (ms) | LCP of each run (ms) | LCP − floor | TBT (ms) | TBT − floor | CLS | JS (KB, transferred) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...audits.map(
      (a) =>
        `| ${a.page} | ${a.performance.toFixed(0)} | ${a.accessibility.toFixed(0)} | ${a.bestPractices.toFixed(0)} | ${a.seo.toFixed(0)} | ${a.lcp.toFixed(0)} | ${a.lcpRuns} | ${(a.lcp - floor.lcp).toFixed(0)} | ${a.tbt.toFixed(0)} | ${(a.tbt - floor.tbt).toFixed(0)} | ${a.cls.toFixed(3)} | ${(a.jsBytes / 1024).toFixed(1)} |`,
    ),
    '',
    ...(loads.length
      ? [
          `Load: autocannon, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s per page. Client: what autocannon measured, from sending a request to its last byte. Server: from the moment the server read the request to its last written byte, measured inside the server. Connections accepted: how many of autocannon's connections the server accepted in the first 0.5 s, then per second (reopened ones included). Timeouts: requests without an answer after autocannon's 10 s.`,
          '',
          '| Page | Requests/s | Client p50 (ms) | Client p99 (ms) | Server p50 (ms) | Server p99 (ms) | Connections accepted | Timeouts | Other errors | Non-2xx |',
          '|---|---|---|---|---|---|---|---|---|---|',
          ...loads.map(
            (l) =>
              `| ${l.page} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.serverP50.toFixed(0)} | ${l.serverP99.toFixed(0)} | ${l.accepted} | ${l.timeouts} | ${l.otherErrors} | ${l.non2xx} |`,
          ),
          '',
        ]
      : []),
  ];
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const suffix = BLOCK.length
    ? `-without-${BLOCK.join('-')
        .replace(/[^a-z0-9]+/gi, '-')
        .replace(/^-|-$/g, '')}`
    : '';
  const file = path.join(root, 'bench/results', `${date}${suffix}.md`);
  writeFileSync(file, lines.join('\n'));
  console.log(lines.join('\n'));
  console.log(`Report written to ${path.relative(root, file)}`);
} finally {
  await chromeLauncher.killAll();
  child.kill('SIGTERM');
}
