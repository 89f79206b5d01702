import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import { migrate as migrateLibsql } from 'drizzle-orm/libsql/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { Dialect } from './contact';
import { withClient } from '../../harness/postgres';

const root = path.resolve(__dirname, '../..');

export interface LegacyMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  locale: string;
  createdAt: number;
  nextAttemptAt: number;
  attempts: number;
}

/**
 * A database as the site left it before any later migration: only the first committed migration
 * (lib/db/migrations/<dialect>/0000_*) applied by Drizzle's migrator, holding one message written
 * with the columns of that time.
 */
export async function createAtFirstMigration(
  dialect: Dialect,
  url: string,
  message: LegacyMessage,
): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'sa-migrations-'));
  try {
    cpSync(path.join(root, 'lib/db/migrations', dialect), folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    writeFileSync(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }),
    );
    const values = [
      message.id,
      message.name,
      message.email,
      message.phone,
      message.message,
      message.locale,
      message.createdAt,
      message.attempts,
      message.nextAttemptAt,
    ];
    const insert = (placeholders: string) =>
      `INSERT INTO contact_messages (id, name, email, phone, message, locale, created_at, attempts, next_attempt_at) VALUES (${placeholders})`;
    if (dialect === 'sqlite') {
      const client = createClient({ url });
      await migrateLibsql(drizzleLibsql(client), { migrationsFolder: folder });
      await client.execute({ sql: insert(values.map(() => '?').join(', ')), args: values });
      client.close();
    } else {
      await withClient(url, async (client) => {
        await migratePostgres(drizzlePostgres(client), { migrationsFolder: folder });
        await client.query(insert(values.map((_, i) => `$${i + 1}`).join(', ')), values);
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
