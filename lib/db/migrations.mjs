/**
 * The database schema as ordered migrations, plain SQL that SQLite and PostgreSQL both accept
 * (BIGINT has INTEGER affinity in SQLite). Shared by the site (lib/db/client.ts) and the
 * `npm run messages` command (scripts/messages.mjs), which is plain JavaScript. The Drizzle
 * tables in lib/db/schema.ts describe the same columns for typed queries.
 * Never edit an applied migration: append a new one.
 */
export const migrations = [
  {
    id: '0001_contact_messages',
    statements: [
      `CREATE TABLE IF NOT EXISTS contact_messages (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone TEXT NOT NULL,
        message TEXT NOT NULL,
        locale TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        last_error TEXT,
        delivered_at BIGINT,
        locked_until BIGINT,
        lock_token TEXT
      )`,
      `CREATE INDEX IF NOT EXISTS contact_messages_due ON contact_messages (delivered_at, next_attempt_at)`,
      `CREATE INDEX IF NOT EXISTS contact_messages_created ON contact_messages (created_at)`,
    ],
  },
];

export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Applies the missing migrations through `execute(sql, params)`. Idempotent and safe when two
 * processes start at once (every statement is IF NOT EXISTS, the bookkeeping insert ignores a
 * duplicate).
 * @param {(sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>} execute
 * @param {'sqlite' | 'postgres'} dialect
 */
export async function migrate(execute, dialect) {
  await execute(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`,
  );
  const rows = await execute(`SELECT id FROM ${MIGRATIONS_TABLE}`);
  const applied = new Set(rows.map((row) => String(row.id)));
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    for (const statement of migration.statements) await execute(statement);
    const placeholder = dialect === 'postgres' ? '($1, $2)' : '(?, ?)';
    await execute(
      `INSERT INTO ${MIGRATIONS_TABLE} (id, applied_at) VALUES ${placeholder} ON CONFLICT (id) DO NOTHING`,
      [migration.id, Date.now()],
    );
  }
}
