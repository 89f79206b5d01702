import 'server-only';
import { and, asc, desc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import {
  contactMessagesPg as pg,
  contactMessagesSqlite as lite,
  type ContactMessageRow,
  type NewContactMessageRow,
} from '@/lib/db/schema';

export type ContactMessage = ContactMessageRow;

/** What the contact capability needs from the database, the same for SQLite and PostgreSQL. */
export interface ContactStore {
  readonly dialect: Database['dialect'];
  /**
   * Commits a new message, due for delivery at once; false, storing nothing, when a message
   * with this id is already there (the same submission sent again).
   */
  insert(row: NewContactMessageRow): Promise<boolean>;
  /** The message with this id, or null. */
  find(id: string): Promise<ContactMessage | null>;
  /**
   * Ids of undelivered messages whose next attempt is due and that no worker holds. A suspected
   * message is never due until it is released.
   */
  dueIds(now: number, limit: number): Promise<string[]>;
  /**
   * Takes a message for delivery until `leaseUntil`, atomically: of two workers claiming the
   * same message, one gets it and the other gets null.
   */
  claim(id: string, token: string, now: number, leaseUntil: number): Promise<ContactMessage | null>;
  /** Marks a claimed message delivered; false when the claim was lost meanwhile. */
  markDelivered(id: string, token: string, now: number): Promise<boolean>;
  /** Records a failed attempt and when to try again, and releases the claim. */
  markFailed(id: string, token: string, nextAttemptAt: number, error: string): Promise<void>;
  /**
   * Deletes messages created before `cutoffs.messages`, and suspected (never released) ones
   * created before `cutoffs.suspected`; returns how many.
   */
  purge(cutoffs: PurgeCutoffs): Promise<number>;
  /** Every message, newest first. */
  list(): Promise<ContactMessage[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface PurgeCutoffs {
  messages: number;
  suspected: number;
}

function sqliteStore(database: Extract<Database, { dialect: 'sqlite' }>): ContactStore {
  const { db } = database;
  const free = (now: number) => or(isNull(lite.lockedUntil), lt(lite.lockedUntil, now));
  const deliverable = or(isNull(lite.suspectedReason), isNotNull(lite.releasedAt));
  const held = and(isNotNull(lite.suspectedReason), isNull(lite.releasedAt));
  return {
    dialect: 'sqlite',
    insert: async (row) =>
      (await db.insert(lite).values(row).onConflictDoNothing().returning({ id: lite.id }))
        .length === 1,
    find: async (id) => (await db.select().from(lite).where(eq(lite.id, id)))[0] ?? null,
    dueIds: async (now, limit) =>
      (
        await db
          .select({ id: lite.id })
          .from(lite)
          .where(
            and(isNull(lite.deliveredAt), lte(lite.nextAttemptAt, now), free(now), deliverable),
          )
          .orderBy(asc(lite.nextAttemptAt), asc(lite.createdAt))
          .limit(limit)
      ).map((row) => row.id),
    claim: async (id, token, now, leaseUntil) => {
      const rows = await db
        .update(lite)
        .set({ lockToken: token, lockedUntil: leaseUntil })
        .where(
          and(
            eq(lite.id, id),
            isNull(lite.deliveredAt),
            lte(lite.nextAttemptAt, now),
            free(now),
            deliverable,
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
    markDelivered: async (id, token, now) => {
      const rows = await db
        .update(lite)
        .set({
          deliveredAt: now,
          attempts: sql`${lite.attempts} + 1`,
          lastError: null,
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(eq(lite.id, id), eq(lite.lockToken, token)))
        .returning({ id: lite.id });
      return rows.length === 1;
    },
    markFailed: async (id, token, nextAttemptAt, error) => {
      await db
        .update(lite)
        .set({
          attempts: sql`${lite.attempts} + 1`,
          nextAttemptAt,
          lastError: error,
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(eq(lite.id, id), eq(lite.lockToken, token)));
    },
    purge: async (cutoffs) =>
      (
        await db
          .delete(lite)
          .where(
            or(
              lt(lite.createdAt, cutoffs.messages),
              and(held, lt(lite.createdAt, cutoffs.suspected)),
            ),
          )
          .returning({ id: lite.id })
      ).length,
    list: () => db.select().from(lite).orderBy(desc(lite.createdAt), desc(lite.id)),
    ping: async () => void (await db.run(sql`SELECT 1`)),
    close: database.close,
  };
}

function postgresStore(database: Extract<Database, { dialect: 'postgres' }>): ContactStore {
  const { db } = database;
  const free = (now: number) => or(isNull(pg.lockedUntil), lt(pg.lockedUntil, now));
  const deliverable = or(isNull(pg.suspectedReason), isNotNull(pg.releasedAt));
  const held = and(isNotNull(pg.suspectedReason), isNull(pg.releasedAt));
  return {
    dialect: 'postgres',
    insert: async (row) =>
      (await db.insert(pg).values(row).onConflictDoNothing().returning({ id: pg.id })).length === 1,
    find: async (id) => (await db.select().from(pg).where(eq(pg.id, id)))[0] ?? null,
    dueIds: async (now, limit) =>
      (
        await db
          .select({ id: pg.id })
          .from(pg)
          .where(and(isNull(pg.deliveredAt), lte(pg.nextAttemptAt, now), free(now), deliverable))
          .orderBy(asc(pg.nextAttemptAt), asc(pg.createdAt))
          .limit(limit)
      ).map((row) => row.id),
    // PostgreSQL re-checks the WHERE clause on the locked row, so a concurrent claim matches 0 rows.
    claim: async (id, token, now, leaseUntil) => {
      const rows = await db
        .update(pg)
        .set({ lockToken: token, lockedUntil: leaseUntil })
        .where(
          and(
            eq(pg.id, id),
            isNull(pg.deliveredAt),
            lte(pg.nextAttemptAt, now),
            free(now),
            deliverable,
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
    markDelivered: async (id, token, now) => {
      const rows = await db
        .update(pg)
        .set({
          deliveredAt: now,
          attempts: sql`${pg.attempts} + 1`,
          lastError: null,
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(eq(pg.id, id), eq(pg.lockToken, token)))
        .returning({ id: pg.id });
      return rows.length === 1;
    },
    markFailed: async (id, token, nextAttemptAt, error) => {
      await db
        .update(pg)
        .set({
          attempts: sql`${pg.attempts} + 1`,
          nextAttemptAt,
          lastError: error,
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(eq(pg.id, id), eq(pg.lockToken, token)));
    },
    purge: async (cutoffs) =>
      (
        await db
          .delete(pg)
          .where(
            or(lt(pg.createdAt, cutoffs.messages), and(held, lt(pg.createdAt, cutoffs.suspected))),
          )
          .returning({ id: pg.id })
      ).length,
    list: () => db.select().from(pg).orderBy(desc(pg.createdAt), desc(pg.id)),
    ping: async () => void (await db.execute(sql`SELECT 1`)),
    close: database.close,
  };
}

export function contactStore(database: Database): ContactStore {
  return database.dialect === 'sqlite' ? sqliteStore(database) : postgresStore(database);
}
