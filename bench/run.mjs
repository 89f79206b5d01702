#!/usr/bin/env node
// `npm run bench`: measures the production build as production serves it (run `npm run build`
// first; this builds nothing). One instance of the server, started as the systemd unit starts it
// (deploy/systemd/), behind the shipped nginx site (deploy/nginx/: TLS with a certificate made
// at run time, HTTP/2, keep-alive to Node; scripts/nginx.mjs installs Debian's nginx-light when it
// is missing). Lighthouse's mobile preset (Debian's Chromium, median of 3 runs) measures the
// site's pages and two floors through the same nginx site (bench/floor, an app of its own built
// here, bench/floor-server.mjs): a bare Next.js page (the framework's floor for a page whose
// largest paint is text) and the same with one preloaded image (the floor for a page whose
// largest paint is an image); each page is held to the floor of its LCP element's kind. Both
// of Lighthouse's throttling methods:
// - simulate: Lantern, Lighthouse's score: a slow phone simulated from an unthrottled load;
// - devtools: the page really loaded on a throttled network (562.5 ms round trip, 1.47 Mbit/s)
//   and a 4 times slower CPU: what a phone on a slow 4G really gets.
// Then a load test with autocannon through the proxy and, for comparison, straight to Node, timed
// from the client and from inside the server (bench/server-timing.mjs), then each page's
// throughput beside its ceiling (bench/throughput.mjs), then the audience receiver at 1,000 page
// views a second while a page is read (bench/audience.mjs), then one article sent to 10,000
// subscribers (bench/letters.ts), then the site under stress
// (bench/resilience.ts); a markdown report.
//
// BENCH_RUNS (3): runs per page and method. BENCH_METHODS ('simulate,devtools'): the throttling
// methods. BENCH_PAGES: only these paths (comma-separated, any page of the site; the floors are
// always measured), for a quick before-and-after. BENCH_LOAD_SECONDS (30) and
// BENCH_LOAD_CONNECTIONS (100): the load test. BENCH_BLOCK (comma-separated URL patterns, e.g.
// '*.js' or '*.js,*.woff2') has Lighthouse block those requests: it measures what the pages would
// score without them, to find out what a metric is made of. Such a run skips the load and
// throughput tests. A full run replaces bench/results/latest.md, the one report kept in the
// repository (git keeps the earlier ones). A run with BENCH_PAGES,
// BENCH_BLOCK, one method in BENCH_METHODS, or BENCH_LABEL (e.g. 'before') is an experiment: it
// writes bench/results/<what>.md, which git ignores, and leaves latest.md alone.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { chromiumFlags, chromiumPath } from '../scripts/chromium.mjs';
import { manyVisitors, newNoncePlaceholder, startNginx } from '../scripts/nginx.mjs';
import { firstArticlePath, measuredPages } from '../harness/measured-pages.mjs';
import { startFloors } from './floor-server.mjs';
import { freePort, startUnitServer } from './unit-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const LOAD_CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const list = (value) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const BLOCK = list(process.env.BENCH_BLOCK);
const ONLY_PAGES = list(process.env.BENCH_PAGES);
const METHODS = list(process.env.BENCH_METHODS ?? 'simulate,devtools');
for (const method of METHODS)
  if (!['simulate', 'devtools'].includes(method))
    throw new Error(`BENCH_METHODS: '${method}' is neither 'simulate' nor 'devtools'`);
// Where the server's preloaded bench/server-timing.mjs writes its figures on SIGUSR2.
// The page cache's placeholder, shared by the instance and nginx (docs/page-cache.md).
const NONCE_PLACEHOLDER = newNoncePlaceholder();
const SERVER_TIMING = path.join(os.tmpdir(), `bench-server-timing-${process.pid}.json`);

/**
 * The server as deploy/systemd/sorel-aubry-avocats@.service starts it: the shipped unit's
 * ExecStart and Environment (scripts/systemd-unit.mjs, as the deployment test does), with an
 * environment file that adds bench/server-timing.mjs. SITE_URL is the proxy's
 * address, so canonical links and redirects name what the browser loaded.
 */
function startServer(siteUrl) {
  return startUnitServer({
    SITE_URL: siteUrl,
    // BENCH_PAGE_CACHE=off: the instance does not know nginx's placeholder, so nginx keeps no
    // page and every page is rendered for its request, as before the page cache.
    PAGE_CACHE_NONCE_PLACEHOLDER: process.env.BENCH_PAGE_CACHE === 'off' ? '' : NONCE_PLACEHOLDER,
    BENCH_SERVER_TIMING: SERVER_TIMING,
    NODE_OPTIONS: `--import ${pathToFileURL(path.join(root, 'bench/server-timing.mjs')).href}`,
  });
}

/**
 * The image floor is held to the hero's own bytes: the optimiser's answer at a phone's width, as
 * AVIF, must be the same from the site and from the floors' app (their image settings agree).
 */
async function sameHeroBytes(siteUrl, floorUrl) {
  const address = `/_next/image?url=${encodeURIComponent('/images/hero-architecture.jpg')}&w=828&q=75`;
  const sizes = await Promise.all(
    [siteUrl, floorUrl].map(async (base) => {
      const answer = await fetch(`${base}${address}`, { headers: { accept: 'image/avif,*/*' } });
      return `${answer.headers.get('content-type')} ${(await answer.arrayBuffer()).byteLength}`;
    }),
  );
  if (sizes[0] !== sizes[1])
    throw new Error(`the image floor's hero is not the site's: ${sizes[1]} against ${sizes[0]}`);
}

/** The base64 SHA-256 of the certificate's public key: Chromium trusts it by this (and only it). */
function spkiHash(certFile) {
  const key = execFileSync('openssl', ['x509', '-in', certFile, '-noout', '-pubkey']);
  const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: key });
  return execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString('base64');
}

// A run where Lighthouse could not compute a metric (its NO_LCP error, say) gives NaN there; a
// percentile is taken over the values that are figures.
function percentile(values, fraction) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(fraction * sorted.length)] : Number.NaN;
}
const median = (values) => percentile(values, 0.5);
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * What the LCP element was: an image or text, and which. Lighthouse names it in the
 * lcp-breakdown-insight audit (version 13 keeps only that one; 12 also has
 * largest-contentful-paint-element).
 */
function lcpElement(lhr) {
  const nodeOf = (id) =>
    (lhr.audits[id]?.details?.items ?? [])
      .flatMap((item) => item.items ?? [item])
      .find((item) => item?.node || item?.type === 'node');
  const found = nodeOf('lcp-breakdown-insight') ?? nodeOf('largest-contentful-paint-element');
  const node = found?.node ?? found;
  if (!node?.snippet) return { kind: '?', label: '?' };
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40);
  return { kind: /^<img\b/i.test(node.snippet) ? 'image' : 'text', label };
}

// The main thread's work before the first paint, by Lighthouse's own groups (DevTools' categories).
const BEFORE_PAINT_GROUPS = [
  ['parseHTML', 'HTML and CSS parsing'],
  ['style', 'style'],
  ['layout', 'layout'],
  ['paintCompositeRender', 'paint'],
  ['scriptParseCompile', 'script compile'],
  ['scriptEvaluation', 'script'],
  ['other', 'other'],
];

/**
 * What held a really throttled load's first paint: when the document's last byte arrived, and the
 * main thread's own time (each task's self time, under the 4 times slower CPU) before the first
 * contentful paint, by group. A task that straddles the paint counts for its share before it.
 */
async function beforeFirstPaint(lhr, artifacts) {
  const fcp = metric(lhr, 'first-contentful-paint');
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const documentEnd = requests.find((item) => item.resourceType === 'Document')?.networkEndTime;
  const totals = Object.fromEntries(BEFORE_PAINT_GROUPS.map(([id]) => [id, 0]));
  const tasks = await MainThreadTasks.request(artifacts.Trace, { computedCache: new Map() });
  const visit = (task) => {
    if (task.startTime < fcp && task.duration > 0) {
      const share = Math.min(1, (fcp - task.startTime) / task.duration);
      // Lighthouse's one group for both, told apart: styles computed, then boxes laid out.
      const id =
        task.group.id === 'styleLayout'
          ? task.event.name === 'Layout'
            ? 'layout'
            : 'style'
          : task.group.id;
      const group = id in totals ? id : 'other';
      totals[group] += task.selfTime * share;
    }
    task.children.forEach(visit);
  };
  tasks.filter((task) => !task.parent).forEach(visit);
  return { documentEnd: documentEnd ?? Number.NaN, ...totals };
}

async function audit(chrome, url, throttlingMethod) {
  const runs = [];
  const failures = [];
  // Lighthouse now and then fails to record a load's trace (NO_NAVSTART here, about one run in
  // ten): such a run measured nothing, so it is run again, up to 3 extra runs per page.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt += 1) {
    const { lhr, artifacts } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      throttlingMethod,
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
      fcp: metric(lhr, 'first-contentful-paint'),
      lcp: metric(lhr, 'largest-contentful-paint'),
      tbt: metric(lhr, 'total-blocking-time'),
      cls: metric(lhr, 'cumulative-layout-shift'),
      jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      lcpElement: lcpElement(lhr),
      ...(throttlingMethod === 'devtools' ? await beforeFirstPaint(lhr, artifacts) : {}),
    });
  }
  if (!runs.length)
    throw new Error(`Lighthouse failed on every run of ${url}: ${failures.join(', ')}`);
  const pick = (key) => median(runs.map((run) => run[key]));
  const numeric = Object.keys(runs[0]).filter((key) => typeof runs[0][key] === 'number');
  const lcp = pick('lcp');
  return {
    ...Object.fromEntries(numeric.map((key) => [key, pick(key)])),
    // The LCP element of the run whose LCP is the median, as Lighthouse describes it.
    lcpElement: (runs.find((run) => run.lcp === lcp) ?? runs[0]).lcpElement,
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
  // Through nginx, many visitors (each connection from its own address), as real traffic comes,
  // under the site's per-address limits.
  const visitors = url.startsWith('https:') ? manyVisitors() : {};
  const result = await autocannon({
    url,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    ...visitors,
  });
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

// The floors, measured in the same run as the pages: a bare Next.js page with one heading (the
// floor of a page whose largest paint is text), and the same with the hero's image preloaded, at
// the width a Lighthouse phone asks for (the floor of a page whose largest paint is an image: it
// cannot paint before the document and then its own request have arrived).
const FLOORS = [
  { kind: 'text', page: '/bench-floor' },
  { kind: 'image', page: '/bench-floor/image' },
];

const httpsPort = await freePort();
const proxyUrl = `https://127.0.0.1:${httpsPort}`;
const { url: directUrl, port, child } = await startServer(proxyUrl);
let nginx;
// An interrupted run (Ctrl-C, a job's time limit) never reaches the `finally` below, and Chromium
// is launched detached: stop them all here (the floors' nginx too), or they outlive the bench.
let chrome;
let floors;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    chrome?.kill();
    child.kill('SIGKILL');
    floors?.child.kill('SIGKILL');
    void Promise.allSettled([nginx?.stop(), floors?.stop()]).then(() => process.exit(130));
  });
}
try {
  nginx = await startNginx({
    upstreamPorts: [port],
    httpsPort,
    noncePlaceholder: NONCE_PLACEHOLDER,
  });
  process.stderr.write('building the floors (bench/floor)\n');
  floors = await startFloors({ noncePlaceholder: NONCE_PLACEHOLDER });
  process.stderr.write(`floors built in ${floors.buildSeconds.toFixed(1)} s\n`);
  await sameHeroBytes(directUrl, floors.directUrl);
  const home = await fetch(`${directUrl}/fr`);
  if (!home.ok) throw new Error(`/fr answered ${home.status} straight from Node`);
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      ...chromiumFlags,
      // The run's own certificate is trusted by its key, as a real one would be by its chain.
      `--ignore-certificate-errors-spki-list=${spkiHash(nginx.certFile)},${spkiHash(floors.certFile)}`,
    ],
  });
  const allPages = [...measuredPages];
  for (const locale of /** @type {const} */ (['fr', 'en'])) {
    const article = await firstArticlePath(directUrl, locale);
    if (article) allPages.push(article);
  }
  // The newest article has no byline in the embedded sheet: the first one by a partner is
  // measured too, with its authors' names.
  const signed = await firstArticlePath(directUrl, 'fr', 'helene-sorel');
  if (signed && !allPages.includes(signed)) allPages.push(signed);
  const pages = [
    ...FLOORS.map((floor) => floor.page),
    ...(ONLY_PAGES.length ? ONLY_PAGES : allPages),
  ];
  // Pages in the outer loop, methods inside: a page's two methods are measured minutes apart at
  // most, whatever else this machine is doing.
  const audits = Object.fromEntries(METHODS.map((method) => [method, []]));
  for (const page of pages) {
    for (const method of METHODS) {
      process.stderr.write(`lighthouse ${method} ${page}\n`);
      const base = FLOORS.some((floor) => floor.page === page) ? floors.url : proxyUrl;
      audits[method].push({ page, ...(await audit(chrome, `${base}${page}`, method)) });
    }
  }
  await chromeLauncher.killAll();
  chrome = undefined;

  const loads = [];
  if (!BLOCK.length && !ONLY_PAGES.length) {
    const article = allPages.find((p) => p.includes('/blog/')) ?? '/fr/actualites';
    for (const page of ['/fr', article])
      for (const [via, base] of [
        ['nginx (TLS, HTTP/1.1)', proxyUrl],
        ['Node directly', directUrl],
      ]) {
        process.stderr.write(`autocannon ${page} via ${via}\n`);
        loads.push({ page, via, ...(await load(child, `${base}${page}`)) });
      }
  }

  // Requests a second per page beside its ceiling, with the page cache (bench/throughput.mjs:
  // its own instance and nginx, so it runs on its own after the rest).
  let throughput = '';
  // Page views at 1,000 a second beside a kept page's throughput (bench/audience.mjs, its own
  // instance and nginx, after the throughput).
  let audience = '';
  if (!BLOCK.length && !ONLY_PAGES.length) {
    process.stderr.write('throughput (bench/throughput.mjs)\n');
    throughput = execFileSync(process.execPath, [path.join(root, 'bench/throughput.mjs')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
    process.stderr.write('audience receiver (bench/audience.mjs)\n');
    audience = execFileSync(process.execPath, [path.join(root, 'bench/audience.mjs')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
  }

  // One article to 10,000 subscribers: time to queue, letters a second, memory, and a kept
  // page's throughput during the send (bench/letters.ts, its own instance, SMTP server and nginx).
  let letters = '';
  if (!BLOCK.length && !ONLY_PAGES.length) {
    process.stderr.write('letters (bench/letters.ts)\n');
    letters = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/letters.ts')],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    ).trim();
  }

  // How fast the site stays under stress: a flood, sheet faults, 200 connections, the image
  // check (bench/resilience.ts, with its own servers).
  let resilience = '';
  if (!BLOCK.length && !ONLY_PAGES.length) {
    process.stderr.write('resilience (bench/resilience.ts)\n');
    resilience = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/resilience.ts')],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    ).trim();
  }

  const date = new Date().toISOString().slice(0, 10);
  const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
  const minus = (value, floor) => {
    const delta = value - floor;
    return Number.isFinite(delta) ? `${delta >= 0 ? '+' : ''}${delta.toFixed(0)}` : '—';
  };
  // The targets (docs/measuring.md, "Floors and targets"); ✗ marks a figure that misses its target. Each page is
  // held to the floor that matches its LCP element (an image page to the image floor); the
  // floors' rows are held to none but the rule checks.
  const mark = (ok) => (ok ? '' : ' ✗');
  const column = (title, cell) => ({ title, cell });
  const lcpColumns = [
    column('FCP (ms)', (a) => fixed(a.fcp)),
    column('LCP (ms)', (a) => fixed(a.lcp)),
    column('LCP of each run (ms)', (a) => a.lcpRuns),
  ];
  const METHOD_TABLES = {
    simulate: {
      title: 'Simulated throttling (Lantern: Lighthouse’s score)',
      targets:
        'performance ≥ 95; accessibility, best practices and SEO 100; CLS ≤ 0.01; TBT ≤ its floor + 100 ms',
      columns: [
        column('Perf', (a, f, page) => fixed(a.performance) + mark(!page || a.performance >= 95)),
        column('A11y', (a) => fixed(a.accessibility) + mark(a.accessibility === 100)),
        column('Best pr.', (a) => fixed(a.bestPractices) + mark(a.bestPractices === 100)),
        column('SEO', (a, f, page) => fixed(a.seo) + mark(!page || a.seo === 100)),
        ...lcpColumns,
        column('LCP − its floor', (a, f) => minus(a.lcp, f.lcp)),
        column('TBT (ms)', (a) => fixed(a.tbt)),
        column(
          'TBT − its floor',
          (a, f, page) => minus(a.tbt, f.tbt) + mark(!page || a.tbt - f.tbt <= 100),
        ),
        column('CLS', (a) => fixed(a.cls, 3) + mark(a.cls <= 0.01)),
        column('JS (KB)', (a) => fixed(a.jsBytes / 1024, 1)),
      ],
    },
    devtools: {
      title: 'Real throttling (devtools: the page loaded on a throttled network and CPU)',
      targets: 'LCP ≤ its floor + 200 ms; TBT ≤ its floor + 150 ms',
      columns: [
        column('Perf', (a) => fixed(a.performance)),
        ...lcpColumns,
        column(
          'LCP − its floor',
          (a, f, page) => minus(a.lcp, f.lcp) + mark(!page || a.lcp - f.lcp <= 200),
        ),
        column('TBT (ms)', (a) => fixed(a.tbt)),
        column(
          'TBT − its floor',
          (a, f, page) => minus(a.tbt, f.tbt) + mark(!page || a.tbt - f.tbt <= 150),
        ),
        column('CLS', (a) => fixed(a.cls, 3)),
      ],
    },
  };
  const tables = METHODS.flatMap((method) => {
    const { title, targets, columns } = METHOD_TABLES[method];
    const rows = audits[method];
    const all = [
      column('Page', (a) => a.page),
      ...columns,
      column('LCP element', (a) => `${a.lcpElement.kind} "${a.lcpElement.label}"`),
      column('Floor', (a) => floorOf(a).page),
    ];
    const floorRows = new Map(
      FLOORS.map((floor) => [floor.kind, rows.find((row) => row.page === floor.page)]),
    );
    // A page whose LCP element Lighthouse could not name is held to the text floor, the lower.
    const floorOf = (a) => floorRows.get(a.lcpElement.kind) ?? floorRows.get('text');
    return [
      `## ${title}`,
      '',
      `Targets: ${targets}.`,
      '',
      `| ${all.map((c) => c.title).join(' | ')} |`,
      `|${all.map(() => '---').join('|')}|`,
      ...rows.map((a) => {
        const isFloor = FLOORS.some((floor) => floor.page === a.page);
        return `| ${all.map((c) => c.cell(a, isFloor ? a : floorOf(a), !isFloor)).join(' | ')} |`;
      }),
      '',
    ];
  });
  // What held each page's first paint under real throttling (beforeFirstPaint), beside its floor.
  const beforePaint = audits.devtools?.length
    ? [
        '## Before the first paint (devtools)',
        '',
        "When the document's last byte arrived, and the main thread's own time (under the 4 times slower CPU) before the first contentful paint, by kind of work; medians of the runs.",
        '',
        `| Page | FCP (ms) | Document's last byte (ms) | ${BEFORE_PAINT_GROUPS.map(([, label]) => label).join(' | ')} | Main thread, all (ms) |`,
        `|---|---|---|${BEFORE_PAINT_GROUPS.map(() => '---').join('|')}|---|`,
        ...audits.devtools.map(
          (a) =>
            `| ${a.page} | ${fixed(a.fcp)} | ${fixed(a.documentEnd)} | ${BEFORE_PAINT_GROUPS.map(([id]) => fixed(a[id])).join(' | ')} | ${fixed(BEFORE_PAINT_GROUPS.reduce((sum, [id]) => sum + a[id], 0))} |`,
        ),
        '',
      ]
    : [];
  const lines = [
    `# Benchmark ${date}${process.env.BENCH_LABEL ? ` (${process.env.BENCH_LABEL})` : ''}`,
    '',
    `Production build, one instance of the server started as the systemd unit starts it, behind the shipped nginx site (TLS, HTTP/2, keep-alive to Node), this machine (${os.cpus().length} cores), Node.js ${process.version}. Lighthouse ${RUNS} runs per page and method (median), mobile preset, Debian's Chromium, pages loaded through the proxy. Two floors, measured in the same run, from an app of their own (bench/floor, built by the bench in ${floors.buildSeconds.toFixed(0)} s) behind the same nginx site: \`/bench-floor\`, a bare Next.js page (one heading), for pages whose largest paint is text, and \`/bench-floor/image\`, the same with the hero's image preloaded (the optimiser's bytes at the phone's width), for pages whose largest paint is an image. Each page is held to the floor that matches its LCP element (the "Floor" column); "− its floor" columns subtract that floor's figure.`,
    ...(BLOCK.length
      ? [
          '',
          `**Blocked in this run:** \`${BLOCK.join('`, `')}\`. Lighthouse refused those requests, so the figures show what the pages would measure without them; they are not the site's scores.`,
        ]
      : []),
    '',
    ...tables,
    ...beforePaint,
    ...(loads.length
      ? [
          '## Load',
          '',
          `autocannon, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s per page and route: through nginx (what a visitor behind the proxy gets; autocannon speaks HTTP/1.1 over TLS) and straight to Node, one after the other. Client: what autocannon measured, from sending a request to its last byte. Server: from the moment Node read the request to its last written byte, measured inside the server. Connections accepted: how many connections Node accepted in the first 0.5 s, then per second (nginx's own to Node through the proxy; autocannon's, reopened ones included, directly). Timeouts: requests without an answer after autocannon's 10 s.`,
          '',
          '| Page | Route | Requests/s | Client p50 (ms) | Client p99 (ms) | Server p50 (ms) | Server p99 (ms) | Connections accepted | Timeouts | Other errors | Non-2xx |',
          '|---|---|---|---|---|---|---|---|---|---|---|',
          ...loads.map(
            (l) =>
              `| ${l.page} | ${l.via} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p99} | ${fixed(l.serverP50)} | ${fixed(l.serverP99)} | ${l.accepted} | ${l.timeouts} | ${l.otherErrors} | ${l.non2xx} |`,
          ),
          '',
        ]
      : []),
    ...(throughput
      ? ['## Throughput: each page beside its own bytes as a file', '', throughput, '']
      : []),
    ...(audience
      ? ['## Audience measurement: page views while pages are read', '', audience, '']
      : []),
    ...(letters ? ['## The legal watch: one article to 10,000 subscribers', '', letters, ''] : []),
    ...(resilience ? ['## Under stress', '', resilience, ''] : []),
  ];
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const slug = (text) =>
    text
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
  const what = [
    ...(ONLY_PAGES.length ? [`pages-${ONLY_PAGES.join('-')}`] : []),
    ...(METHODS.length < 2 ? METHODS : []),
    ...(BLOCK.length ? [`without-${BLOCK.join('-')}`] : []),
  ];
  const name = process.env.BENCH_LABEL ?? what.join('-');
  const file = path.join(root, 'bench/results', `${name ? slug(name) : 'latest'}.md`);
  writeFileSync(file, lines.join('\n'));
  console.log(lines.join('\n'));
  console.log(`Report written to ${path.relative(root, file)}`);
} finally {
  await chromeLauncher.killAll();
  await nginx?.stop();
  await floors?.stop();
  child.kill('SIGTERM');
}
