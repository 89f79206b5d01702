import 'server-only';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle as drizzleLibsql, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { config } from '@/lib/config';
import { processShared } from '@/lib/process-shared';
import { migratePostgresDatabase, migrateSqlite } from './migrate';
import { databaseTarget } from './target';

export type Database =
  | { dialect: 'sqlite'; db: LibSQLDatabase; close: () => Promise<void> }
  | { dialect: 'postgres'; db: NodePgDatabase; pool: Pool; close: () => Promise<void> };

/** PostgreSQL connections per process: the site's queries and the contact rate limit share them. */
export const POOL_SIZE = 10;

/** How long a SQLite statement waits for another connection's write lock. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * One handle, and one pool, per process whichever bundle asks; the server entry opens it before it
 * is ready, so the schema is migrated once. A failed opening is forgotten.
 */
export function siteDatabase(): Promise<Database> {
  const holder = processShared('db', () => ({}) as { opening?: Promise<Database> });
  // Named per process, so that `pg_stat_activity` tells the instances' connections apart.
  const opening = (holder.opening ??= openDatabase(
    config().DATABASE_URL,
    `sorel-aubry-site ${process.pid}`,
  ).then((database) => {
    console.info(`[db] ${database.dialect} database open, its schema up to date`);
    return database;
  }));
  opening.catch(() => {
    if (holder.opening === opening) holder.opening = undefined;
  });
  return opening;
}

/**
 * Migrates on opening, for `npm run messages`, `npm run stats` and tests too; WAL and a busy
 * timeout let them share SQLite with the site.
 */
export async function openDatabase(
  databaseUrl: string | undefined,
  applicationName = 'sorel-aubry',
): Promise<Database> {
  const target = databaseTarget(databaseUrl);
  if (target.dialect === 'sqlite') {
    await mkdir(path.dirname(target.file), { recursive: true });
    // A busy timeout on every connection of the client's pool, those it opens after a
    // transaction too (a `PRAGMA busy_timeout` reaches one connection only): a statement that
    // meets another connection's or process's write lock waits up to 5 s instead of failing at
    // once with SQLITE_BUSY. Switching an old database to WAL takes that lock too.
    const client = createClient({ url: target.url, timeout: SQLITE_BUSY_TIMEOUT_MS });
    try {
      await client.execute('PRAGMA journal_mode = WAL');
      await migrateSqlite(client);
    } catch (error) {
      client.close();
      throw error;
    }
    return {
      dialect: 'sqlite',
      db: drizzleLibsql(client),
      close: async () => client.close(),
    };
  }
  await migratePostgresDatabase(target.url, applicationName);
  const pool = new Pool({
    connectionString: target.url,
    application_name: applicationName,
    max: POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 60_000,
  });
  // An idle connection cut by a database restart must not crash the process: the pool drops it
  // and the next query opens another.
  pool.on('error', (error) =>
    console.error(`[db] idle PostgreSQL connection lost: ${error.message}`),
  );
  return {
    dialect: 'postgres',
    db: drizzlePostgres(pool),
    pool,
    close: () => pool.end(),
  };
}
