import 'server-only';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle as drizzleLibsql, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { migratePostgresDatabase, migrateSqlite } from './migrate';
import { databaseTarget } from './target';

export type Database =
  | { dialect: 'sqlite'; db: LibSQLDatabase; close: () => Promise<void> }
  | { dialect: 'postgres'; db: NodePgDatabase; close: () => Promise<void> };

/**
 * Opens the database DATABASE_URL designates and brings its schema up to date (first start
 * creates it: no manual step). SQLite runs in WAL mode with a busy timeout so the site and the
 * `npm run messages` command can read and write at the same time.
 */
export async function openDatabase(databaseUrl: string | undefined): Promise<Database> {
  const target = databaseTarget(databaseUrl);
  if (target.dialect === 'sqlite') {
    await mkdir(path.dirname(target.file), { recursive: true });
    const client = createClient({ url: target.url });
    try {
      await client.execute('PRAGMA journal_mode = WAL');
      await client.execute('PRAGMA busy_timeout = 5000');
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
  await migratePostgresDatabase(target.url);
  const pool = new Pool({
    connectionString: target.url,
    max: 10,
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
    close: () => pool.end(),
  };
}
