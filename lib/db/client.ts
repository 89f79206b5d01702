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

/**
 * The site's database: one handle, and on PostgreSQL one pool, per server process, whichever
 * bundle asks (lib/process-shared.ts). The server entry opens it before it is ready, so the schema
 * is migrated once, at start. A failed opening is forgotten, so the next use tries again.
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
 * Opens the database DATABASE_URL designates and brings its schema up to date (first start
 * creates it: no manual step), for the site and for `npm run messages` and `npm run stats`.
 * SQLite runs in WAL mode with a busy timeout so that they can read and write at the same time.
 * `applicationName` names PostgreSQL's connections (`pg_stat_activity`).
 */
export async function openDatabase(
  databaseUrl: string | undefined,
  applicationName = 'sorel-aubry',
): Promise<Database> {
  const target = databaseTarget(databaseUrl);
  if (target.dialect === 'sqlite') {
    await mkdir(path.dirname(target.file), { recursive: true });
    const client = createClient({ url: target.url });
    try {
      // The busy timeout first: switching an old database to WAL takes its write lock, which
      // another process starting at once may hold.
      await client.execute('PRAGMA busy_timeout = 5000');
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
