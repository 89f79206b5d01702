/**
 * `npm run bench:database`: two instances on one PostgreSQL database, as a release runs them
 * (docs/measuring.md, "Database"). Run `npm run build` first; `BENCH_SITE=<folder>` measures the
 * build of another checkout (a worktree of an earlier commit) with this script.
 *
 * 1. Start to ready: from spawning both instances together to each one's first answer (the port
 *    opens once the database is open and its schema migrated), on a new database, then again on
 *    the same database once migrated.
 * 2. Connections: both instances under load (contact messages and health checks at 50
 *    connections each, BENCH_LOAD_SECONDS, 10 s) while pg_stat_activity is read in a loop: the
 *    most connections the site held at once, by application_name and in all.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { contactRequest } from '../harness/contact-load';
import { spawnServer, stopServer } from '../harness/next-server';
import { freePort } from '../harness/ports';
import { startPostgres } from '../harness/postgres';

const site = path.resolve(process.env.BENCH_SITE ?? path.resolve(__dirname, '..'));
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

async function startInstances(url: string) {
  const started = Date.now();
  return Promise.all(
    [1, 2].map(async () => {
      const port = await freePort();
      const server = await spawnServer(process.execPath, [path.join(site, 'dist/server.mjs')], {
        cwd: site,
        port,
        env: {
          ...process.env,
          NEXT_TELEMETRY_DISABLED: '1',
          NODE_ENV: 'production',
          PORT: String(port),
          DATABASE_URL: url,
          TRUST_PROXY: 'true',
          OUTBOX_DIR: path.join(site, 'data', 'bench-outbox'),
        },
      });
      return { ...server, readyMs: Date.now() - started };
    }),
  );
}

async function main() {
  const cluster = await startPostgres();
  try {
    const url = await cluster.createDatabase('bench_database');
    console.log(`Site: ${site}`);
    let instances = await startInstances(url);
    console.log(
      `Start to ready, new database: ${instances.map((i) => `${i.readyMs} ms`).join(', ')}`,
    );
    await Promise.all(instances.map((i) => stopServer(i.child, 'SIGTERM', 20_000)));
    instances = await startInstances(url);
    console.log(
      `Start to ready, migrated database: ${instances.map((i) => `${i.readyMs} ms`).join(', ')}`,
    );

    const sampler = new Client({ connectionString: url, application_name: 'bench sampler' });
    await sampler.connect();
    const most = new Map<string, number>();
    let mostInAll = 0;
    let loading = true;
    const sampling = (async () => {
      while (loading) {
        const { rows } = await sampler.query<{ name: string; n: string }>(
          `SELECT application_name AS name, count(*) AS n FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1`,
        );
        let all = 0;
        for (const { name, n } of rows) {
          most.set(name, Math.max(most.get(name) ?? 0, Number(n)));
          all += Number(n);
        }
        mostInAll = Math.max(mostInAll, all);
      }
    })();
    const results = await Promise.all(
      instances.flatMap((instance) => [
        autocannon({
          url: instance.url,
          connections: 40,
          duration: SECONDS,
          requests: [contactRequest()],
        }),
        autocannon({
          url: `${instance.url}/api/health`,
          connections: 10,
          duration: SECONDS,
        }),
      ]),
    );
    loading = false;
    await sampling;
    await sampler.end();
    const answered = results.reduce((sum, r) => sum + r['2xx'], 0);
    const other = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    console.log(`Load: ${answered} answers 2xx, ${other} other, in ${SECONDS} s`);
    const pids = instances.map((i) => i.child.pid);
    console.log('Most PostgreSQL connections held at once, by application_name:');
    for (const [name, n] of [...most].sort())
      console.log(`  ${name === '' ? '(unnamed)' : name}: ${n}`);
    console.log(`  in all: ${mostInAll} (the instances' pids: ${pids.join(', ')})`);
    await Promise.all(instances.map((i) => stopServer(i.child, 'SIGTERM', 20_000)));
  } finally {
    cluster.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
