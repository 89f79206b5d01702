import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@libsql/client';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validMessage } from '../support/contact';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startPostgres, withClient, type PostgresCluster } from '../../harness/postgres';
import { SmtpSink } from '../support/smtp-sink';

/**
 * The backup and restore commands of docs/operations.md ("Backups"), deploy/backup and
 * deploy/restore, run as written on a site that takes messages: for SQLite and for PostgreSQL,
 * messages already e-mailed and messages still queued are backed up while new ones arrive, the
 * data is wiped, restored, and the site started again.
 */

const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);

interface Row {
  name: string;
  delivered_at: number | string | null;
}

let cluster: PostgresCluster;
let sink: SmtpSink;
const dir = mkdtempSync(path.join(os.tmpdir(), 'sa-backups-'));

beforeAll(async () => {
  cluster = await startPostgres();
  sink = await SmtpSink.start('up');
});

afterAll(async () => {
  await sink?.close();
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const mailedCount = (name: string) =>
  sink.received.filter((mail) => (mail.headers.subject ?? '').endsWith(`— ${name}`)).length;

let visitor = 0;

/** A message from its own visitor (behind the proxy, TRUST_PROXY), so no rate limit applies. */
async function post(site: NextServer, message: ReturnType<typeof validMessage>) {
  visitor += 1;
  const response = await fetch(`${site.url}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      'x-forwarded-for': `198.51.100.${visitor}`,
    },
    body: JSON.stringify(message),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return message.name;
}

interface Database {
  url: string;
  rows(): Promise<Row[]>;
  wipe(): Promise<void>;
  close(): Promise<void>;
}

async function sqliteDatabase(folder: string): Promise<Database> {
  const file = path.join(folder, 'data', 'site.db');
  const url = `file:${file}`;
  return {
    url,
    async rows() {
      const client = createClient({ url });
      try {
        const result = await client.execute('SELECT name, delivered_at FROM contact_messages');
        return result.rows.map((row) => ({
          name: String(row.name),
          delivered_at: row.delivered_at === null ? null : Number(row.delivered_at),
        }));
      } finally {
        client.close();
      }
    },
    async wipe() {
      rmSync(path.join(folder, 'data'), { recursive: true, force: true });
    },
    async close() {},
  };
}

async function postgresDatabase(): Promise<Database> {
  const url = await cluster.createDatabase('backups');
  const admin = new Client({ connectionString: cluster.url });
  await admin.connect();
  return {
    url,
    async rows() {
      return withClient(
        url,
        async (client) =>
          (await client.query<Row>('SELECT name, delivered_at FROM contact_messages')).rows,
      );
    },
    async wipe() {
      await admin.query('DROP DATABASE backups WITH (FORCE)');
      await admin.query('CREATE DATABASE backups');
    },
    close: () => admin.end(),
  };
}

describe.each([
  ['SQLite', 'sqlite'],
  ['PostgreSQL', 'postgres'],
] as const)('backups of %s', (_label, dialect) => {
  it('restores every message with its delivery state: the e-mailed ones are not sent again, the queued ones once', async () => {
    const folder = mkdtempSync(path.join(dir, `${dialect}-`));
    const database = dialect === 'sqlite' ? await sqliteDatabase(folder) : await postgresDatabase();
    const settings = {
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      CONTACT_TO: 'cabinet@example.com',
      CONTACT_FROM: 'Site <site@example.com>',
      CONTACT_OUTBOX_POLL_MS: '500',
      CONTACT_RETRY_BASE_MS: '2000',
      TRUST_PROXY: 'true',
    };
    // The environment file the commands read, as on the server.
    const envFile = path.join(folder, 'env');
    writeFileSync(
      envFile,
      Object.entries(settings)
        .map(([key, value]) => `${key}=${value}\n`)
        .join(''),
    );
    const commandEnv = { ...process.env, ENV_FILE: envFile, SITE_DIR: folder };
    let site = await startNextServer(settings);
    try {
      // Messages e-mailed...
      await sink.set('up');
      const delivered: string[] = [];
      for (let i = 0; i < 5; i += 1) delivered.push(await post(site, validMessage()));
      await expect
        .poll(async () => (await database.rows()).filter((r) => r.delivered_at).length, {
          timeout: 30_000,
        })
        .toBe(5);
      // ... and messages queued: the mail server refuses them for now.
      await sink.set('rejecting');
      const queued: string[] = [];
      for (let i = 0; i < 5; i += 1) queued.push(await post(site, validMessage()));
      await expect.poll(() => sink.rejected, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);

      // The backup, while visitors keep writing.
      const during = Promise.all(Array.from({ length: 5 }, () => post(site, validMessage())));
      const backup = await run(path.join(root, 'deploy/backup'), [path.join(folder, 'backups')], {
        env: commandEnv,
      });
      await during;
      const file = backup.stdout.trim().split('\n')[0] ?? '';
      expect(file).toMatch(dialect === 'sqlite' ? /\.db$/ : /\.dump$/);
      await site.stop();

      // The data is lost, then restored from the backup.
      await database.wipe();
      await run(path.join(root, 'deploy/restore'), [file], { env: commandEnv });
      const restored = await database.rows();
      for (const name of delivered)
        expect(restored.find((r) => r.name === name)?.delivered_at, name).toBeTruthy();
      for (const name of queued) {
        const row = restored.find((r) => r.name === name);
        expect(row, name).toBeDefined();
        expect(row?.delivered_at, name).toBeNull();
      }

      await sink.set('up');
      site = await startNextServer(settings);
      await expect
        .poll(() => queued.filter((name) => mailedCount(name) === 1).length, { timeout: 60_000 })
        .toBe(queued.length);
      await expect
        .poll(
          async () =>
            (await database.rows()).filter((r) => queued.includes(r.name) && r.delivered_at).length,
          {
            timeout: 30_000,
          },
        )
        .toBe(queued.length);
      // A message sent now is e-mailed after anything still due (the outbox takes due messages
      // oldest first): a second sending of any of them would have come before it.
      const later = validMessage();
      await post(site, later);
      await expect.poll(() => mailedCount(later.name), { timeout: 30_000 }).toBe(1);
      for (const name of [...delivered, ...queued]) expect(mailedCount(name), name).toBe(1);
      console.info(
        `[backups] ${dialect}: ${delivered.length} e-mailed and ${queued.length} queued messages backed up while 5 more arrived, restored after a wipe; queued ones e-mailed once, none twice`,
      );
    } finally {
      await site.stop();
      await database.close();
    }
  }, 180_000);
});
