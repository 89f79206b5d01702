import 'server-only';
import { sql } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type { Database } from './client';

/**
 * Queries are written once, against SQLite's types (Drizzle has no dialect-neutral database): the
 * builders the stores use build the same statements on both, `RowsAgree` checks the rows at
 * compile time, and the storage tests run every store on both databases.
 */
export function sqliteShaped<T>(
  database: Database,
  tables: { sqlite: T; postgres: unknown },
): { db: LibSQLDatabase; tables: T } {
  if (database.dialect === 'sqlite') return { db: database.db, tables: tables.sqlite };
  return { db: database.db as unknown as LibSQLDatabase, tables: tables.postgres as T };
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Rows<T extends { $inferSelect: unknown; $inferInsert: unknown }> = [
  T['$inferSelect'],
  T['$inferInsert'],
];
/** True only when a PostgreSQL table's rows are its SQLite twin's: `const x: RowsAgree<P, S> = true`. */
export type RowsAgree<
  P extends { $inferSelect: unknown; $inferInsert: unknown },
  S extends { $inferSelect: unknown; $inferInsert: unknown },
> = Same<Rows<P>, Rows<S>>;

export async function ping(database: Database): Promise<void> {
  if (database.dialect === 'sqlite') await database.db.run(sql`SELECT 1`);
  else await database.db.execute(sql`SELECT 1`);
}
