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
  // Two processes starting at once queue on SQLite's write lock (busy_timeout), and every
  // statement is IF NOT EXISTS, so the second finds nothing left to do.
  await migrateLibsql(drizzleLibsql(client), { migrationsFolder: migrationsFolder('sqlite') });
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
