import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { expect } from 'vitest';
import { newNoncePlaceholder, startNginx, type RunningNginx } from '../../scripts/nginx.mjs';
import { validMessage } from './contact';
import { freePort } from '../../harness/ports';
import { startPostgres, type PostgresCluster } from '../../harness/postgres';
import type { SmtpSink } from './smtp-sink';
import { throughNginx } from './through-nginx';
import { startUnitInstance, writeEnvFile, type UnitInstance } from './unit-instance';

export interface ShippedSite {
  siteUrl: string;
  database: Pool;
  nginx: RunningNginx;
  /** The instances, in nginx's upstream order; a test may replace one it restarts. */
  instances: UnitInstance[];
  envFile: string;
  dir: string;
  stop: () => Promise<void>;
}

/**
 * The deployment as shipped (deploy/), on loopback: one PostgreSQL database, two instances
 * started from the systemd unit with one environment file, and the nginx site in front of them
 * with its page cache's placeholder. `settings(siteUrl, databaseUrl)` gives the file's values;
 * `workerConnections`, nginx's slots per worker when not the operations manual's.
 */
export async function startShippedSite(
  name: string,
  settings: (siteUrl: string, databaseUrl: string) => Record<string, string>,
  { workerConnections }: { workerConnections?: number } = {},
): Promise<ShippedSite> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sa-${name}-`));
  const cluster: PostgresCluster = await startPostgres();
  const databaseUrl = await cluster.createDatabase(name.replace(/\W/g, '_'));
  const database = new Pool({ connectionString: databaseUrl, max: 2 });
  const httpsPort = await freePort();
  const siteUrl = `https://127.0.0.1:${httpsPort}`;
  const noncePlaceholder = newNoncePlaceholder();
  const envFile = writeEnvFile(path.join(dir, 'env'), {
    SITE_URL: siteUrl,
    DATABASE_URL: databaseUrl,
    ARTICLES_GENERATION_FILE: path.join(dir, 'data/articles-generation'),
    PAGE_CACHE_NONCE_PLACEHOLDER: noncePlaceholder,
    ...settings(siteUrl, databaseUrl),
  });
  // Both instances start together, as `systemctl start …@3001 …@3002` does: their migrations
  // and the rate limit's table must not trip over each other.
  const instances = await Promise.all([startUnitInstance(envFile), startUnitInstance(envFile)]);
  const nginx = await startNginx({
    upstreamPorts: instances.map((i) => i.port),
    httpsPort,
    noncePlaceholder,
    workerConnections,
  });
  return {
    siteUrl,
    database,
    nginx,
    instances,
    envFile,
    dir,
    async stop() {
      await Promise.all(instances.map((instance) => instance.stop()));
      await nginx.stop();
      await database.end();
      cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The message sent under `name` was stored once and e-mailed once. Waits for its e-mail, then
 * sends another message through nginx and waits for that one's: the outboxes take due messages
 * oldest first, so a second copy of the first would have been e-mailed before the second.
 */
export async function expectStoredAndMailedOnce(site: ShippedSite, sink: SmtpSink, name: string) {
  const mailed = (who: string) =>
    sink.received.filter((mail) => (mail.headers.subject ?? '').endsWith(who)).length;
  await expect.poll(() => mailed(name), { timeout: 30_000 }).toBe(1);
  const later = validMessage();
  const answer = await throughNginx(site.nginx, '/api/contact', {
    method: 'POST',
    localAddress: '127.6.9.1',
    headers: { 'content-type': 'application/json', origin: site.siteUrl },
    body: JSON.stringify(later),
  });
  expect(answer.status, answer.body).toBe(201);
  await expect.poll(() => mailed(later.name), { timeout: 30_000 }).toBe(1);
  expect(mailed(name)).toBe(1);
  const { rows } = await site.database.query<{ name: string }>(
    'SELECT name FROM contact_messages WHERE name = $1',
    [name],
  );
  expect(rows).toHaveLength(1);
}
