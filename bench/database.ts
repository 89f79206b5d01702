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
import { contactRequest } from '../harness/contact-load';
import { startNextServer } from '../harness/next-server';
import { watchConnections } from '../harness/pg-connections';
import { startPostgres } from '../harness/postgres';

const site = path.resolve(process.env.BENCH_SITE ?? path.resolve(__dirname, '..'));
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

async function startInstances(url: string) {
  const started = Date.now();
  return Promise.all(
    [1, 2].map(async () => {
      const server = await startNextServer(
        {
          DATABASE_URL: url,
          TRUST_PROXY: 'true',
          OUTBOX_DIR: path.join(site, 'data', 'bench-outbox'),
        },
        { site },
      );
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
    await Promise.all(instances.map((i) => i.stop()));
    instances = await startInstances(url);
    console.log(
      `Start to ready, migrated database: ${instances.map((i) => `${i.readyMs} ms`).join(', ')}`,
    );

    const watching = await watchConnections(url);
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
    const most = await watching.stop();
    const answered = results.reduce((sum, r) => sum + r['2xx'], 0);
    const other = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    console.log(`Load: ${answered} answers 2xx, ${other} other, in ${SECONDS} s`);
    const pids = instances.map((i) => i.process.pid);
    console.log('Most PostgreSQL connections held at once, by application_name:');
    for (const [name, n] of [...most.byName].sort())
      console.log(`  ${name === '' ? '(unnamed)' : name}: ${n}`);
    console.log(`  in all: ${most.inAll} (the instances' pids: ${pids.join(', ')})`);
    await Promise.all(instances.map((i) => i.stop()));
  } finally {
    cluster.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
