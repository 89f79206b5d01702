/** One body of queries for SQLite and PostgreSQL (lib/db/dialects.ts). */
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
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { ping, sqliteShaped, type RowsAgree } from '@/lib/db/dialects';
import {
  contactMessagesPg,
  contactMessagesSqlite,
  type ContactMessageRow,
  type NewContactMessageRow,
} from '@/lib/db/schema';
import {
  firmMail,
  type FirmMail,
  type FirmMailRow,
  type NewFirmMailRow,
} from '@/lib/mail/firm-mail';
import { deliveredColumns, failedColumns, queueStateOf } from '@/lib/mail/delivery-columns';
import type { DeliveryFailure, QueueState } from '@/lib/mail/queue';

export type ContactMessage = ContactMessageRow;
export type ContactDigest = FirmMailRow;

export type ReleaseOutcome =
  | { kind: 'released'; message: ContactMessage }
  | { kind: 'already-released'; message: ContactMessage }
  | { kind: 'not-held'; message: ContactMessage }
  | { kind: 'unknown' };

export interface ContactStore {
  readonly dialect: Database['dialect'];
  /** false, storing nothing, when this id is there: the same submission sent again. */
  insert(row: NewContactMessageRow): Promise<boolean>;
  find(id: string): Promise<ContactMessage | null>;
  /** A suspected message is never due until it is released. */
  dueIds(now: number, limit: number): Promise<string[]>;
  /** Atomic: of two workers claiming one message, one gets it and the other null. */
  claim(id: string, token: string, now: number, leaseUntil: number): Promise<ContactMessage | null>;
  /** Marks a claimed message delivered; false when the claim was lost meanwhile. */
  markDelivered(id: string, token: string, now: number): Promise<boolean>;
  markFailed(
    id: string,
    token: string,
    nextAttemptAt: number,
    error: string,
    failure: DeliveryFailure,
  ): Promise<void>;
  /** One conditional UPDATE, as `npm run messages -- --release`: of two at once, one says 'released'. */
  release(id: string, now: number): Promise<ReleaseOutcome>;
  heldNotDigested(limit: number): Promise<{ messages: ContactMessage[]; total: number }>;
  /** Ties go to the smaller id. */
  heldShortlyBefore(message: ContactMessage, windowMs: number): Promise<boolean>;
  /** false, changing nothing, when a digest with this id exists (another instance made it). */
  insertDigest(row: NewFirmMailRow, messageIds: string[]): Promise<boolean>;
  findDigest(id: string): Promise<ContactDigest | null>;
  queueState(): Promise<QueueState>;
  readonly firmMail: FirmMail;
  /** Digests quote held messages, so they go with the suspected ones. */
  purge(cutoffs: PurgeCutoffs): Promise<number>;
  list(which?: MessageSelection): Promise<ContactMessage[]>;
  countHeld(): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type MessageSelection = 'all' | 'held' | 'not-held';

export interface PurgeCutoffs {
  messages: number;
  suspected: number;
}

const rowsAgree: RowsAgree<typeof contactMessagesPg, typeof contactMessagesSqlite> = true;
void rowsAgree;

function queries(database: Database, firm: FirmMail) {
  const { db, tables: m } = sqliteShaped(database, {
    sqlite: contactMessagesSqlite,
    postgres: contactMessagesPg,
  });
  const free = (now: number) => or(isNull(m.lockedUntil), lt(m.lockedUntil, now));
  const deliverable = or(isNull(m.suspectedReason), isNotNull(m.releasedAt));
  const held = and(isNotNull(m.suspectedReason), isNull(m.releasedAt));
  // A message not held is a deliverable one.
  const selections = { all: undefined, held, 'not-held': deliverable } as const;
  const store: Omit<ContactStore, 'dialect' | 'close' | 'firmMail'> = {
    insert: async (row) =>
      (await db.insert(m).values(row).onConflictDoNothing().returning({ id: m.id })).length === 1,
    find: async (id) => (await db.select().from(m).where(eq(m.id, id)))[0] ?? null,
    dueIds: async (now, limit) =>
      (
        await db
          .select({ id: m.id })
          .from(m)
          .where(and(isNull(m.deliveredAt), lte(m.nextAttemptAt, now), free(now), deliverable))
          .orderBy(asc(m.nextAttemptAt), asc(m.createdAt))
          .limit(limit)
      ).map((row) => row.id),
    // One conditional UPDATE: SQLite runs one writer at a time, and PostgreSQL re-checks the WHERE
    // clause on the locked row, so a concurrent claim matches 0 rows.
    claim: async (id, token, now, leaseUntil) => {
      const rows = await db
        .update(m)
        .set({ lockToken: token, lockedUntil: leaseUntil })
        .where(
          and(
            eq(m.id, id),
            isNull(m.deliveredAt),
            lte(m.nextAttemptAt, now),
            free(now),
            deliverable,
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
    markDelivered: async (id, token, now) => {
      const rows = await db
        .update(m)
        .set(deliveredColumns(m.attempts, now))
        .where(and(eq(m.id, id), eq(m.lockToken, token)))
        .returning({ id: m.id });
      return rows.length === 1;
    },
    markFailed: async (id, token, nextAttemptAt, error, failure) => {
      await db
        .update(m)
        .set(failedColumns(m.attempts, nextAttemptAt, error, failure))
        .where(and(eq(m.id, id), eq(m.lockToken, token)));
    },
    purge: async (cutoffs) => {
      await firm.purge(cutoffs.suspected);
      return (
        await db
          .delete(m)
          .where(
            or(lt(m.createdAt, cutoffs.messages), and(held, lt(m.createdAt, cutoffs.suspected))),
          )
          .returning({ id: m.id })
      ).length;
    },
    release: async (id, now) => {
      const [released] = await db
        .update(m)
        .set({ releasedAt: now })
        .where(and(eq(m.id, id), held))
        .returning();
      if (released) return { kind: 'released', message: released };
      const [found] = await db.select().from(m).where(eq(m.id, id));
      if (!found) return { kind: 'unknown' };
      return { kind: found.releasedAt === null ? 'not-held' : 'already-released', message: found };
    },
    heldNotDigested: async (limit) => {
      const waiting = and(held, isNull(m.digestId));
      const messages = await db
        .select()
        .from(m)
        .where(waiting)
        .orderBy(asc(m.createdAt), asc(m.id))
        .limit(limit);
      const [total] = await db.select({ n: count() }).from(m).where(waiting);
      return { messages, total: Number(total?.n ?? 0) };
    },
    heldShortlyBefore: async (message, windowMs) =>
      (
        await db
          .select({ id: m.id })
          .from(m)
          .where(
            and(
              isNotNull(m.suspectedReason),
              ne(m.id, message.id),
              gte(m.createdAt, message.createdAt - windowMs),
              or(
                lt(m.createdAt, message.createdAt),
                and(eq(m.createdAt, message.createdAt), lt(m.id, message.id)),
              ),
            ),
          )
          .limit(1)
      ).length > 0,
    // Not one transaction: a crash between the two statements leaves the messages unmarked, and
    // the next digest lists them again (twice rather than never).
    insertDigest: async (row, messageIds) => {
      if (!(await firm.insert(row))) return false;
      if (messageIds.length > 0)
        await db
          .update(m)
          .set({ digestId: row.id })
          .where(and(inArray(m.id, messageIds), isNull(m.digestId)));
      return true;
    },
    findDigest: (id) => firm.find(id),
    queueState: async () => {
      const waiting = and(isNull(m.deliveredAt), deliverable);
      const [totals] = await db
        .select({
          n: count(),
          oldest: sql<string | number | null>`min(coalesce(${m.releasedAt}, ${m.createdAt}))`,
        })
        .from(m)
        .where(waiting);
      const [failure] = await db
        .select({ errorClass: m.lastErrorClass, at: m.lastFailedAt })
        .from(m)
        .where(and(waiting, isNotNull(m.lastFailedAt)))
        .orderBy(desc(m.lastFailedAt))
        .limit(1);
      return queueStateOf(totals, failure);
    },
    list: (which = 'all') =>
      db.select().from(m).where(selections[which]).orderBy(desc(m.createdAt), desc(m.id)),
    countHeld: async () => Number((await db.select({ n: count() }).from(m).where(held))[0]?.n ?? 0),
    ping: () => ping(database),
  };
  return store;
}

export function contactStore(database: Database): ContactStore {
  const firm = firmMail(database);
  return {
    ...queries(database, firm),
    firmMail: firm,
    dialect: database.dialect,
    close: database.close,
  };
}
