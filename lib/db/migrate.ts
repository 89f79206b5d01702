import path from 'node:path';
import type { Client as LibsqlClient } from '@libsql/client';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import { migrate as migrateLibsql } from 'drizzle-orm/libsql/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { Client } from 'pg';

/** Never edit an applied migration: change the schema and generate a new one. */
const migrationsFolder = (dialect: 'sqlite' | 'postgres') =>
  path.join(process.cwd(), 'lib', 'db', 'migrations', dialect);

/** An arbitrary constant: the PostgreSQL advisory lock that serialises concurrent start-ups. */
const MIGRATION_LOCK = 7_310_523_061;

export async function migrateSqlite(client: LibsqlClient): Promise<void> {
  // Two processes starting on an old database may both try a migration: the second fails (the
  // ALTER TABLE already happened) and, reading again, finds nothing left to do.
  const migrate = () =>
    migrateLibsql(drizzleLibsql(client), { migrationsFolder: migrationsFolder('sqlite') });
  // Drizzle reads the applied migrations before its transaction: one that read them before the
  // other process committed fails, and is retried.
  let first: unknown;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    try {
      await migrate();
      return;
    } catch (error) {
      first ??= error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  throw first;
}

export async function migratePostgresDatabase(url: string, applicationName: string): Promise<void> {
  // Drizzle reads the applied migrations before its transaction, so start-ups take turns: a
  // session lock on one connection, which also runs the migration itself.
  const client = new Client({
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePostgres(drizzlePostgres(client), {
      migrationsFolder: migrationsFolder('postgres'),
    });
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } finally {
    // Closing the session also releases the lock if the migration failed.
    await client.end();
  }
}
