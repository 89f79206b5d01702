import path from 'node:path';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import { migrate as migrateLibsql } from 'drizzle-orm/libsql/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

/**
 * Brings a database up to date with the migrations drizzle-kit generated from lib/db/schema.ts,
 * using Drizzle's own migrators. Shared by the site (lib/db/client.ts) and `npm run messages`
 * (scripts/messages.mjs, plain JavaScript); both run from the project folder. Never edit an
 * applied migration: change the schema and generate a new one.
 */
const migrationsFolder = (/** @type {'sqlite' | 'postgres'} */ dialect) =>
  path.join(process.cwd(), 'lib', 'db', 'migrations', dialect);

/** An arbitrary constant: the PostgreSQL advisory lock that serialises concurrent start-ups. */
const MIGRATION_LOCK = 7_310_523_061;

/** @param {import('@libsql/client').Client} client */
export async function migrateSqlite(client) {
  // Drizzle reads the applied migrations before its transaction, so of two processes starting at
  // once on an old database both may try the same migration: they queue on SQLite's write lock
  // (busy_timeout), and the second fails (an ALTER TABLE that already happened) and rolls back.
  // Reading again then finds nothing left to do; a real failure fails again and is reported.
  const migrate = () =>
    migrateLibsql(drizzleLibsql(client), { migrationsFolder: migrationsFolder('sqlite') });
  try {
    await migrate();
  } catch (first) {
    await migrate().catch(() => {
      throw first;
    });
  }
}

/** @param {string} url */
export async function migratePostgresDatabase(url) {
  // Drizzle reads the applied migrations before its transaction, so start-ups take turns: a
  // session lock on a one-connection client, which also runs the migration itself.
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(sql), { migrationsFolder: migrationsFolder('postgres') });
    await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    // Closing the session also releases the lock if the migration failed.
    await sql.end({ timeout: 5 });
  }
}
