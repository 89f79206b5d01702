/**
 * Part of `npm run bench:resilience` (docs/measuring.md, "npm run bench:resilience"): visitors'
 * pages while one address floods past the connection cap. Run in a network namespace of its own
 * (`unshare --net`, root), so that the kernel rule set deploy/nftables/ can be loaded without
 * touching the machine's; bench/resilience.ts starts it so and prints its table.
 *
 * 32 visitors, each on one keep-alive connection from a loopback address of its own (a new one
 * every 20 pages, so that the per-address page limit never refuses them), read /fr/actualites
 * through the shipped nginx (stream part included) in front of one instance started as the
 * systemd unit starts it: for BENCH_LOAD_SECONDS quiet, then as long while one address floods
 * with 48 HTTP/1.1 connections, 32 asking for client navigations of the list (never kept) and 16
 * for `/fr?flood=1` (answered from /fr's kept copy). Each setup is measured on its own nginx:
 * - BENCH_NGINX_WORKERS ('1'): comma-separated, 1 or auto;
 * - BENCH_NGINX_DIR: folders (comma-separated) with other versions of the two nginx files,
 *   each measured before the shipped ones (a before-and-after in one run);
 * - the kernel's rule set (deploy/nftables/) loaded or not, when it exists.
 * Prints a markdown table on its last lines; on stderr, each setup's pages by X-Cache-Status as
 * the visitors saw them (pages / of which ≥ 400 ms) and as nginx timed them, and any `long locked`
 * line of nginx's log. BENCH_TIMING_COPY: a file to keep nginx's timing log of the last setup in.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { newNoncePlaceholder, startNginx, type RunningNginx } from '../scripts/nginx.mjs';
import { startUnitServer } from './unit-server.mjs';

const root = path.resolve(__dirname, '..');
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const VISITORS = 32;
const PAGES_PER_ADDRESS = 20;
const FLOODER = '127.7.0.2';
export const RULES = path.join(root, 'deploy/nftables/sorel-aubry-avocats.nft');
const ms = (value: number) => `${Math.round(value)} ms`;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? NaN;
}

interface Visits {
  pagesPerSecond: number;
  p50: number;
  p99: number;
  notOk: number;
  /** Pages by X-Cache-Status, and how many of each took 400 ms or more. */
  byCache: Record<string, { pages: number; slow: number }>;
}

/** The visitors for `seconds`, each page's time and X-Cache-Status. */
async function visitors(nginx: RunningNginx, seconds: number, base: number): Promise<Visits> {
  const ca = readFileSync(nginx.certFile);
  const times: number[] = [];
  const byCache: Visits['byCache'] = {};
  let notOk = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = async (visitor: number) => {
    for (let round = 0; performance.now() < deadline; round += 1) {
      const agent = new https.Agent({
        keepAlive: true,
        maxSockets: 1,
        localAddress: `127.${base}.${visitor + 1}.${(round % 250) + 1}`,
        ca,
      });
      for (let i = 0; i < PAGES_PER_ADDRESS && performance.now() < deadline; i += 1) {
        const started = performance.now();
        const { status, cache } = await new Promise<{ status: number; cache: string }>(
          (resolve) => {
            https
              .get(`${nginx.httpsUrl}/fr/actualites`, { agent, timeout: 30_000 }, (res) => {
                res.resume();
                res.on('end', () =>
                  resolve({
                    status: res.statusCode ?? 0,
                    cache: String(res.headers['x-cache-status'] ?? '-'),
                  }),
                );
              })
              .on('timeout', function (this: import('node:http').ClientRequest) {
                this.destroy(new Error('no answer in 30 s'));
              })
              .on('error', () => resolve({ status: 0, cache: 'error' }));
          },
        );
        const took = performance.now() - started;
        times.push(took);
        if (status !== 200) notOk += 1;
        const entry = (byCache[cache] ??= { pages: 0, slow: 0 });
        entry.pages += 1;
        if (took >= 400) entry.slow += 1;
      }
      agent.destroy();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: VISITORS }, (_, i) => one(i)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    pagesPerSecond: times.length / elapsed,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    notOk,
    byCache,
  };
}

function startFlooder(url: string, connections: number, headers: Record<string, string>) {
  const child = spawn(
    'nice',
    [
      '-n',
      '19',
      process.execPath,
      path.join(root, 'harness/flood.mjs'),
      url,
      FLOODER,
      String(connections),
      '600',
      JSON.stringify(headers),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    async stop() {
      child.kill('SIGTERM');
      await ended;
      return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
        errors?: number;
        statuses?: Record<string, number>;
      };
    },
  };
}

/** CPU time (seconds) nginx's workers have used so far: /proc/<pid>/stat, utime + stime. */
function workersCpu(nginx: RunningNginx): number {
  const master = readFileSync(path.join(nginx.dir, 'nginx.pid'), 'utf8').trim();
  const children = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let ticks = 0;
  for (const pid of children) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('nginx: worker')) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a worker that has just exited
    }
  }
  return ticks / 100;
}

/** How many connections the kernel's rule set refused so far (its counters), or undefined. */
function kernelRefusals(): number | undefined {
  const run = spawnSync('nft', ['list', 'ruleset'], { encoding: 'utf8' });
  const counts = [...run.stdout.matchAll(/counter packets (\d+) bytes \d+ reject/g)];
  return counts.length ? counts.reduce((sum, match) => sum + Number(match[1]), 0) : undefined;
}

function loadRules(on: boolean) {
  spawnSync('nft', ['flush', 'ruleset']);
  if (!on) return;
  const run = spawnSync('nft', ['-f', RULES], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`nft -f ${RULES}: ${run.stderr}`);
}

interface Setup {
  label: string;
  workers: number | 'auto';
  configDir?: string;
  kernel: boolean;
}

async function measure(setup: Setup): Promise<string> {
  loadRules(setup.kernel);
  // The shipped ports: the namespace is the bench's own, and the kernel's rule set names them.
  const [httpsPort, httpPort] = [443, 80];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-connection-flood-'));
  const noncePlaceholder = newNoncePlaceholder();
  const instance = await startUnitServer({
    SITE_URL: `https://127.0.0.1:${httpsPort}`,
    DATABASE_URL: `file:${path.join(dir, 'site.db')}`,
    ARTICLES_GENERATION_FILE: path.join(dir, 'generation'),
    PAGE_CACHE_NONCE_PLACEHOLDER: noncePlaceholder,
  });
  const nginx = await startNginx({
    upstreamPorts: [instance.port],
    httpsPort,
    httpPort,
    noncePlaceholder,
    workers: setup.workers,
    configDir: setup.configDir,
    // Each request's time inside nginx and its cache status, beside the shipped access log.
    extraHttp: (certFile) =>
      `    log_format bench_timing '$remote_addr $status $upstream_cache_status $request_time $upstream_response_time $msec $request_uri';\n    access_log ${path.join(path.dirname(certFile), 'logs/timing.log')} bench_timing;\n`,
  });
  const errorLog = path.join(nginx.dir, 'logs/error.log');
  const accessLog = path.join(nginx.dir, 'logs/access.log');
  try {
    await visitors(nginx, 2, 40); // warm-up: connections to Node open
    const load = () => os.loadavg()[0]!.toFixed(1);
    // Each phase starts after 3 s without a request, as after any quiet while: nginx has usually
    // forgotten the page by then (`inactive=1s`; its cache manager may look later), and the
    // visitors who ask during its first render wait for it.
    const forgotten = () => new Promise((resolve) => setTimeout(resolve, 3_000));
    await forgotten();
    const quietLoad = load();
    const quietCpu = workersCpu(nginx);
    const quiet = await visitors(nginx, SECONDS, 41);
    const quietCpuPerSecond = (workersCpu(nginx) - quietCpu) / SECONDS;
    const refusedBefore = (readFileSync(errorLog, 'utf8').match(/limiting connections/g) ?? [])
      .length;
    const kernelBefore = kernelRefusals() ?? 0;
    const navigations = startFlooder(`${nginx.httpsUrl}/fr/actualites`, 32, { rsc: '1' });
    const home = startFlooder(`${nginx.httpsUrl}/fr?flood=1`, 16, {});
    // The flood is under way once nginx refuses the flooder.
    const flooder429 = new RegExp(`^${FLOODER.replaceAll('.', '\\.')} .*" 429 `, 'm');
    while (!flooder429.test(readFileSync(accessLog, 'utf8')))
      await new Promise((resolve) => setTimeout(resolve, 100));
    await forgotten();
    const floodLoad = load();
    const floodCpu = workersCpu(nginx);
    const flooded = await visitors(nginx, SECONDS, 42);
    const floodCpuPerSecond = (workersCpu(nginx) - floodCpu) / SECONDS;
    const refused =
      (readFileSync(errorLog, 'utf8').match(/limiting connections/g) ?? []).length - refusedBefore;
    const kernel = (kernelRefusals() ?? 0) - kernelBefore;
    const [a, b] = [await navigations.stop(), await home.stop()];
    const tooMany = readFileSync(accessLog, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith(`${FLOODER} `) && line.includes('" 429 ')).length;
    const longLocked = readFileSync(errorLog, 'utf8').match(/.*long locked.*/g) ?? [];
    for (const line of longLocked) process.stderr.write(`${setup.label}: ${line}\n`);
    // Visitors' pages as nginx timed them (from the request's first byte to the answer's last),
    // by cache status: where a page that took long spent it.
    const timing = readFileSync(path.join(nginx.dir, 'logs/timing.log'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('127.42.'));
    const inside: Record<string, number[]> = {};
    for (const line of timing) {
      const [, , cache, took] = line.split(' ');
      (inside[cache ?? '-'] ??= []).push(Number(took) * 1000);
    }
    // Renders for the visitors: their requests nginx passed to the instance.
    const renders = (prefix: string) =>
      readFileSync(path.join(nginx.dir, 'logs/timing.log'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith(prefix) && line.split(' ')[4] !== '-').length;
    process.stderr.write(
      `${setup.label}: inside nginx under flood, by cache status: ${Object.entries(inside)
        .map(
          ([cache, times]) =>
            `${cache} ${times.length} (p99 ${ms(percentile(times, 0.99))}, ≥ 450 ms: ${times.filter((t) => t >= 450).length})`,
        )
        .join('; ')}\n`,
    );
    if (process.env.BENCH_TIMING_COPY)
      copyFileSync(path.join(nginx.dir, 'logs/timing.log'), process.env.BENCH_TIMING_COPY);
    const budget = 2 * quiet.p99 + 50;
    const ok = flooded.pagesPerSecond >= 0.9 * quiet.pagesPerSecond && flooded.p99 <= budget;
    const slow = (visits: Visits) =>
      Object.entries(visits.byCache)
        .map(([status, { pages, slow }]) => `${status} ${pages}/${slow}`)
        .join(', ');
    process.stderr.write(
      `${setup.label}: quiet ${slow(quiet)}; flooded ${slow(flooded)}; flooder ${JSON.stringify(a.statuses)} ${a.errors} errors, ${JSON.stringify(b.statuses)} ${b.errors} errors\n`,
    );
    const cpu = (value: number) => `${Math.round(value * 100)}%`;
    return `| ${setup.label} | ${quiet.pagesPerSecond.toFixed(0)} → ${flooded.pagesPerSecond.toFixed(0)} | ${ms(quiet.p99)} → ${ms(flooded.p99)} | ${quiet.notOk + flooded.notOk} | ${renders('127.41.')} → ${renders('127.42.')} | ${cpu(quietCpuPerSecond)} → ${cpu(floodCpuPerSecond)} | ${refused} | ${setup.kernel ? kernel : '—'} | ${tooMany} | ${longLocked.length} | ${quietLoad} / ${floodLoad} | ${ok ? '' : '✗'} |`;
  } finally {
    await nginx.stop();
    (instance.child as ChildProcess).kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    loadRules(false);
  }
}

export const TABLE_HEADER = [
  '| nginx | pages/s quiet → flood | p99 quiet → flood | pages not 200 | renders quiet → flood | nginx CPU quiet → flood | refused by nginx | refused by the kernel | 429 to the flooder | `long locked` lines | load average quiet / flood | target missed |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
];

async function main() {
  spawnSync('ip', ['link', 'set', 'lo', 'up']);
  const workers = (process.env.BENCH_NGINX_WORKERS ?? '1')
    .split(',')
    .map((value) => (value.trim() === 'auto' ? 'auto' : Number(value)));
  const dirs: [string, string | undefined][] = [
    ...(process.env.BENCH_NGINX_DIR ?? '')
      .split(',')
      .filter(Boolean)
      .map((dir): [string, string] => [path.basename(dir), dir]),
    ['shipped', undefined],
  ];
  const kernel = existsSync(RULES) && process.env.BENCH_KERNEL !== 'off' ? [false, true] : [false];
  const rows: string[] = [];
  for (const [name, configDir] of dirs)
    for (const count of workers)
      for (const on of kernel) {
        const label = `${name}, ${count} worker${count === 1 ? '' : 's'}${on ? ', kernel rule set' : ''}`;
        process.stderr.write(`connection flood: ${label}\n`);
        rows.push(await measure({ label, workers: count, configDir, kernel: on }));
      }
  console.log([...TABLE_HEADER, ...rows].join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename)
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
