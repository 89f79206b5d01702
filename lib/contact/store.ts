import 'server-only';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  min,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import {
  contactDigestsPg as pgDigests,
  contactDigestsSqlite as liteDigests,
  contactMessagesPg as pg,
  contactMessagesSqlite as lite,
  type ContactDigestRow,
  type ContactMessageRow,
  type NewContactDigestRow,
  type NewContactMessageRow,
} from '@/lib/db/schema';

export type ContactMessage = ContactMessageRow;
export type ContactDigest = ContactDigestRow;

/** A failed delivery, as /api/health may show it: a class of error and when. */
export interface DeliveryFailure {
  errorClass: string;
  at: number;
}

/** What releasing a held message did. */
export type ReleaseOutcome =
  | { kind: 'released'; message: ContactMessage }
  | { kind: 'already-released'; message: ContactMessage }
  | { kind: 'not-held'; message: ContactMessage }
  | { kind: 'unknown' };

/** The outbox as a monitor sees it: nothing personal, nothing secret. */
export interface OutboxState {
  /** Messages and digests waiting to be e-mailed (held messages are not waiting). */
  undelivered: number;
  /** When the longest-waiting of them entered the outbox (a released message: its release). */
  oldestQueuedAt: number | null;
  /** The class of the latest failed delivery among them, e.g. 'connection'. */
  lastErrorClass: string | null;
}

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
  markFailed(
    id: string,
    token: string,
    nextAttemptAt: number,
    error: string,
    failure?: DeliveryFailure,
  ): Promise<void>;
  /**
   * Hands a held message to the outbox: one conditional UPDATE (the same as `npm run messages --
   * --release`), so of two releases at once exactly one says 'released'.
   */
  release(id: string, now: number): Promise<ReleaseOutcome>;
  /** Held messages no digest has listed yet, oldest first, at most `limit`, and how many in all. */
  heldNotDigested(limit: number): Promise<{ messages: ContactMessage[]; total: number }>;
  /** Whether another message was held in the `windowMs` before this one (ties: the smaller id). */
  heldShortlyBefore(message: ContactMessage, windowMs: number): Promise<boolean>;
  /**
   * Queues a digest and marks the messages it lists, in one transaction; false, changing
   * nothing, when a digest with this id exists (another instance made it).
   */
  insertDigest(row: NewContactDigestRow, messageIds: string[]): Promise<boolean>;
  findDigest(id: string): Promise<ContactDigest | null>;
  dueDigestIds(now: number, limit: number): Promise<string[]>;
  claimDigest(
    id: string,
    token: string,
    now: number,
    leaseUntil: number,
  ): Promise<ContactDigest | null>;
  markDigestDelivered(id: string, token: string, now: number): Promise<boolean>;
  markDigestFailed(
    id: string,
    token: string,
    nextAttemptAt: number,
    error: string,
    failure: DeliveryFailure,
  ): Promise<void>;
  outboxState(): Promise<OutboxState>;
  /**
   * Deletes messages created before `cutoffs.messages`, and suspected (never released) ones
   * created before `cutoffs.suspected`; returns how many. Digests (they quote held messages)
   * go with the latter.
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
  const digestDue = (now: number) =>
    and(
      isNull(liteDigests.deliveredAt),
      lte(liteDigests.nextAttemptAt, now),
      or(isNull(liteDigests.lockedUntil), lt(liteDigests.lockedUntil, now)),
    );
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
    markFailed: async (id, token, nextAttemptAt, error, failure) => {
      await db
        .update(lite)
        .set({
          attempts: sql`${lite.attempts} + 1`,
          nextAttemptAt,
          lastError: error,
          ...(failure ? { lastErrorClass: failure.errorClass, lastFailedAt: failure.at } : {}),
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(eq(lite.id, id), eq(lite.lockToken, token)));
    },
    purge: async (cutoffs) => {
      await db.delete(liteDigests).where(lt(liteDigests.createdAt, cutoffs.suspected));
      return (
        await db
          .delete(lite)
          .where(
            or(
              lt(lite.createdAt, cutoffs.messages),
              and(held, lt(lite.createdAt, cutoffs.suspected)),
            ),
          )
          .returning({ id: lite.id })
      ).length;
    },
    release: async (id, now) => {
      const [released] = await db
        .update(lite)
        .set({ releasedAt: now })
        .where(and(eq(lite.id, id), held))
        .returning();
      if (released) return { kind: 'released', message: released };
      const [found] = await db.select().from(lite).where(eq(lite.id, id));
      if (!found) return { kind: 'unknown' };
      return { kind: found.releasedAt === null ? 'not-held' : 'already-released', message: found };
    },
    heldNotDigested: async (limit) => {
      const waiting = and(held, isNull(lite.digestId));
      const messages = await db
        .select()
        .from(lite)
        .where(waiting)
        .orderBy(asc(lite.createdAt), asc(lite.id))
        .limit(limit);
      const [total] = await db.select({ n: count() }).from(lite).where(waiting);
      return { messages, total: Number(total?.n ?? 0) };
    },
    heldShortlyBefore: async (message, windowMs) =>
      (
        await db
          .select({ id: lite.id })
          .from(lite)
          .where(
            and(
              isNotNull(lite.suspectedReason),
              ne(lite.id, message.id),
              gte(lite.createdAt, message.createdAt - windowMs),
              or(
                lt(lite.createdAt, message.createdAt),
                and(eq(lite.createdAt, message.createdAt), lt(lite.id, message.id)),
              ),
            ),
          )
          .limit(1)
      ).length > 0,
    // Not one transaction: a crash between the two statements leaves the messages unmarked, and
    // the next digest lists them again (twice rather than never).
    insertDigest: async (row, messageIds) => {
      const inserted = await db
        .insert(liteDigests)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: liteDigests.id });
      if (inserted.length === 0) return false;
      if (messageIds.length > 0)
        await db
          .update(lite)
          .set({ digestId: row.id })
          .where(and(inArray(lite.id, messageIds), isNull(lite.digestId)));
      return true;
    },
    findDigest: async (id) =>
      (await db.select().from(liteDigests).where(eq(liteDigests.id, id)))[0] ?? null,
    dueDigestIds: async (now, limit) =>
      (
        await db
          .select({ id: liteDigests.id })
          .from(liteDigests)
          .where(digestDue(now))
          .orderBy(asc(liteDigests.nextAttemptAt))
          .limit(limit)
      ).map((row) => row.id),
    claimDigest: async (id, token, now, leaseUntil) =>
      (
        await db
          .update(liteDigests)
          .set({ lockToken: token, lockedUntil: leaseUntil })
          .where(and(eq(liteDigests.id, id), digestDue(now)))
          .returning()
      )[0] ?? null,
    markDigestDelivered: async (id, token, now) =>
      (
        await db
          .update(liteDigests)
          .set({
            deliveredAt: now,
            attempts: sql`${liteDigests.attempts} + 1`,
            lastError: null,
            lockToken: null,
            lockedUntil: null,
          })
          .where(and(eq(liteDigests.id, id), eq(liteDigests.lockToken, token)))
          .returning({ id: liteDigests.id })
      ).length === 1,
    markDigestFailed: async (id, token, nextAttemptAt, error, failure) => {
      await db
        .update(liteDigests)
        .set({
          attempts: sql`${liteDigests.attempts} + 1`,
          nextAttemptAt,
          lastError: error,
          lastErrorClass: failure.errorClass,
          lastFailedAt: failure.at,
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(eq(liteDigests.id, id), eq(liteDigests.lockToken, token)));
    },
    outboxState: async () => {
      const waiting = and(isNull(lite.deliveredAt), deliverable);
      const waitingDigest = isNull(liteDigests.deliveredAt);
      const [messages] = await db
        .select({
          n: count(),
          oldest: sql<string | number | null>`min(coalesce(${lite.releasedAt}, ${lite.createdAt}))`,
        })
        .from(lite)
        .where(waiting);
      const [digests] = await db
        .select({ n: count(), oldest: min(liteDigests.createdAt) })
        .from(liteDigests)
        .where(waitingDigest);
      const failures = [
        ...(await db
          .select({ errorClass: lite.lastErrorClass, at: lite.lastFailedAt })
          .from(lite)
          .where(and(waiting, isNotNull(lite.lastFailedAt)))
          .orderBy(desc(lite.lastFailedAt))
          .limit(1)),
        ...(await db
          .select({ errorClass: liteDigests.lastErrorClass, at: liteDigests.lastFailedAt })
          .from(liteDigests)
          .where(and(waitingDigest, isNotNull(liteDigests.lastFailedAt)))
          .orderBy(desc(liteDigests.lastFailedAt))
          .limit(1)),
      ];
      return outboxStateOf(
        [messages, digests].map((row) => ({
          n: Number(row?.n ?? 0),
          oldest: row?.oldest == null ? null : Number(row.oldest),
        })),
        failures.map((row) => ({ errorClass: row.errorClass, at: Number(row.at) })),
      );
    },
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
  const digestDue = (now: number) =>
    and(
      isNull(pgDigests.deliveredAt),
      lte(pgDigests.nextAttemptAt, now),
      or(isNull(pgDigests.lockedUntil), lt(pgDigests.lockedUntil, now)),
    );
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
    markFailed: async (id, token, nextAttemptAt, error, failure) => {
      await db
        .update(pg)
        .set({
          attempts: sql`${pg.attempts} + 1`,
          nextAttemptAt,
          lastError: error,
          ...(failure ? { lastErrorClass: failure.errorClass, lastFailedAt: failure.at } : {}),
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(eq(pg.id, id), eq(pg.lockToken, token)));
    },
    purge: async (cutoffs) => {
      await db.delete(pgDigests).where(lt(pgDigests.createdAt, cutoffs.suspected));
      return (
        await db
          .delete(pg)
          .where(
            or(lt(pg.createdAt, cutoffs.messages), and(held, lt(pg.createdAt, cutoffs.suspected))),
          )
          .returning({ id: pg.id })
      ).length;
    },
    release: async (id, now) => {
      const [released] = await db
        .update(pg)
        .set({ releasedAt: now })
        .where(and(eq(pg.id, id), held))
        .returning();
      if (released) return { kind: 'released', message: released };
      const [found] = await db.select().from(pg).where(eq(pg.id, id));
      if (!found) return { kind: 'unknown' };
      return { kind: found.releasedAt === null ? 'not-held' : 'already-released', message: found };
    },
    heldNotDigested: async (limit) => {
      const waiting = and(held, isNull(pg.digestId));
      const messages = await db
        .select()
        .from(pg)
        .where(waiting)
        .orderBy(asc(pg.createdAt), asc(pg.id))
        .limit(limit);
      const [total] = await db.select({ n: count() }).from(pg).where(waiting);
      return { messages, total: Number(total?.n ?? 0) };
    },
    heldShortlyBefore: async (message, windowMs) =>
      (
        await db
          .select({ id: pg.id })
          .from(pg)
          .where(
            and(
              isNotNull(pg.suspectedReason),
              ne(pg.id, message.id),
              gte(pg.createdAt, message.createdAt - windowMs),
              or(
                lt(pg.createdAt, message.createdAt),
                and(eq(pg.createdAt, message.createdAt), lt(pg.id, message.id)),
              ),
            ),
          )
          .limit(1)
      ).length > 0,
    // Not one transaction: a crash between the two statements leaves the messages unmarked, and
    // the next digest lists them again (twice rather than never).
    insertDigest: async (row, messageIds) => {
      const inserted = await db
        .insert(pgDigests)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: pgDigests.id });
      if (inserted.length === 0) return false;
      if (messageIds.length > 0)
        await db
          .update(pg)
          .set({ digestId: row.id })
          .where(and(inArray(pg.id, messageIds), isNull(pg.digestId)));
      return true;
    },
    findDigest: async (id) =>
      (await db.select().from(pgDigests).where(eq(pgDigests.id, id)))[0] ?? null,
    dueDigestIds: async (now, limit) =>
      (
        await db
          .select({ id: pgDigests.id })
          .from(pgDigests)
          .where(digestDue(now))
          .orderBy(asc(pgDigests.nextAttemptAt))
          .limit(limit)
      ).map((row) => row.id),
    claimDigest: async (id, token, now, leaseUntil) =>
      (
        await db
          .update(pgDigests)
          .set({ lockToken: token, lockedUntil: leaseUntil })
          .where(and(eq(pgDigests.id, id), digestDue(now)))
          .returning()
      )[0] ?? null,
    markDigestDelivered: async (id, token, now) =>
      (
        await db
          .update(pgDigests)
          .set({
            deliveredAt: now,
            attempts: sql`${pgDigests.attempts} + 1`,
            lastError: null,
            lockToken: null,
            lockedUntil: null,
          })
          .where(and(eq(pgDigests.id, id), eq(pgDigests.lockToken, token)))
          .returning({ id: pgDigests.id })
      ).length === 1,
    markDigestFailed: async (id, token, nextAttemptAt, error, failure) => {
      await db
        .update(pgDigests)
        .set({
          attempts: sql`${pgDigests.attempts} + 1`,
          nextAttemptAt,
          lastError: error,
          lastErrorClass: failure.errorClass,
          lastFailedAt: failure.at,
          lockToken: null,
          lockedUntil: null,
        })
        .where(and(eq(pgDigests.id, id), eq(pgDigests.lockToken, token)));
    },
    outboxState: async () => {
      const waiting = and(isNull(pg.deliveredAt), deliverable);
      const waitingDigest = isNull(pgDigests.deliveredAt);
      const [messages] = await db
        .select({
          n: count(),
          oldest: sql<string | number | null>`min(coalesce(${pg.releasedAt}, ${pg.createdAt}))`,
        })
        .from(pg)
        .where(waiting);
      const [digests] = await db
        .select({ n: count(), oldest: min(pgDigests.createdAt) })
        .from(pgDigests)
        .where(waitingDigest);
      const failures = [
        ...(await db
          .select({ errorClass: pg.lastErrorClass, at: pg.lastFailedAt })
          .from(pg)
          .where(and(waiting, isNotNull(pg.lastFailedAt)))
          .orderBy(desc(pg.lastFailedAt))
          .limit(1)),
        ...(await db
          .select({ errorClass: pgDigests.lastErrorClass, at: pgDigests.lastFailedAt })
          .from(pgDigests)
          .where(and(waitingDigest, isNotNull(pgDigests.lastFailedAt)))
          .orderBy(desc(pgDigests.lastFailedAt))
          .limit(1)),
      ];
      return outboxStateOf(
        [messages, digests].map((row) => ({
          n: Number(row?.n ?? 0),
          oldest: row?.oldest == null ? null : Number(row.oldest),
        })),
        failures.map((row) => ({ errorClass: row.errorClass, at: Number(row.at) })),
      );
    },
    list: () => db.select().from(pg).orderBy(desc(pg.createdAt), desc(pg.id)),
    ping: async () => void (await db.execute(sql`SELECT 1`)),
    close: database.close,
  };
}

function outboxStateOf(
  queues: { n: number; oldest: number | null }[],
  failures: { errorClass: string | null; at: number }[],
): OutboxState {
  const oldest = queues.flatMap((queue) => (queue.oldest === null ? [] : [queue.oldest]));
  const latest = failures.sort((a, b) => b.at - a.at)[0];
  return {
    undelivered: queues.reduce((sum, queue) => sum + queue.n, 0),
    oldestQueuedAt: oldest.length > 0 ? Math.min(...oldest) : null,
    lastErrorClass: latest?.errorClass ?? null,
  };
}

export function contactStore(database: Database): ContactStore {
  return database.dialect === 'sqlite' ? sqliteStore(database) : postgresStore(database);
}
