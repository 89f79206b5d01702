import 'server-only';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle as drizzleLibsql, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { migratePostgresDatabase, migrateSqlite } from './migrate.mjs';
import { databaseTarget } from './target.mjs';

export type Database =
  | { dialect: 'sqlite'; db: LibSQLDatabase; close: () => Promise<void> }
  | { dialect: 'postgres'; db: PostgresJsDatabase; close: () => Promise<void> };

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
  const sql = postgres(target.url, {
    max: 10,
    connect_timeout: 5,
    idle_timeout: 60,
    onnotice: () => {},
  });
  return {
    dialect: 'postgres',
    db: drizzlePostgres(sql),
    close: () => sql.end({ timeout: 5 }),
  };
}
