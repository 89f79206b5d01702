import 'server-only';
import { sql } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type { Database } from '@/lib/db/client';
import {
  contactDigestsPg,
  contactDigestsSqlite,
  contactMessagesPg,
  contactMessagesSqlite,
} from '@/lib/db/schema';

/**
 * What the contact store's queries (./store.ts) need of a database, under the SQLite types that
 * body is written against: the connection, the tables, and `ping`, the one statement whose call
 * differs (SQLite's `run`, PostgreSQL's `execute`).
 */
export interface Dialect {
  db: LibSQLDatabase;
  messages: typeof contactMessagesSqlite;
  digests: typeof contactDigestsSqlite;
  ping: () => Promise<void>;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Rows<T extends { $inferSelect: unknown; $inferInsert: unknown }> = [
  T['$inferSelect'],
  T['$inferInsert'],
];

// PostgreSQL's tables may stand for SQLite's only while their rows are the same: a column added
// to one dialect and not the other fails to compile here.
const rowsAgree: Same<Rows<typeof contactMessagesPg>, Rows<typeof contactMessagesSqlite>> &
  Same<Rows<typeof contactDigestsPg>, Rows<typeof contactDigestsSqlite>> = true;
void rowsAgree;

export function dialectOf(database: Database): Dialect {
  if (database.dialect === 'sqlite') {
    const { db } = database;
    return {
      db,
      messages: contactMessagesSqlite,
      digests: contactDigestsSqlite,
      ping: async () => void (await db.run(sql`SELECT 1`)),
    };
  }
  const { db } = database;
  return {
    db: db as unknown as LibSQLDatabase,
    messages: contactMessagesPg as unknown as typeof contactMessagesSqlite,
    digests: contactDigestsPg as unknown as typeof contactDigestsSqlite,
    ping: async () => void (await db.execute(sql`SELECT 1`)),
  };
}
