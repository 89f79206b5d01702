import 'server-only';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle as drizzleLibsql, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { migrate } from './migrations.mjs';
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
      await migrate(async (sql, params = []) => {
        const result = await client.execute({ sql, args: params as never[] });
        return result.rows.map((row) =>
          Object.fromEntries(result.columns.map((column, index) => [column, row[index]])),
        );
      }, 'sqlite');
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
  const sql = postgres(target.url, {
    max: 10,
    connect_timeout: 5,
    idle_timeout: 60,
    onnotice: () => {},
  });
  try {
    await migrate(
      async (text, params = []) => [...(await sql.unsafe(text, params as never[]))],
      'postgres',
    );
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw error;
  }
  return {
    dialect: 'postgres',
    db: drizzlePostgres(sql),
    close: () => sql.end({ timeout: 5 }),
  };
}
