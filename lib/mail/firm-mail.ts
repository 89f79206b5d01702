import 'server-only';
import { and, asc, count, desc, eq, isNotNull, isNull, lt, lte, min, or } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { sqliteShaped, type RowsAgree } from '@/lib/db/dialects';
import {
  contactDigestsPg,
  contactDigestsSqlite,
  type ContactDigestRow,
  type NewContactDigestRow,
} from '@/lib/db/schema';
import type { Envelope, OutgoingEmail } from './email';
import { deliveredColumns, failedColumns, queueStateOf } from './delivery-columns';
import type { MailQueue } from './queue';

/**
 * Mail to the firm's own mailbox (the digest, the audience report), kept in `contact_digests`. The
 * id names the occasion ('daily-2026-11-24', 'audience-2026-10'), so several instances queue it once.
 */
export type FirmMailRow = ContactDigestRow;
export type NewFirmMailRow = NewContactDigestRow;

export const FIRM_MAIL_QUEUE = 'firm';

export interface FirmMail {
  /** Queues an e-mail; false, changing nothing, when one with this id exists. */
  insert(row: NewFirmMailRow): Promise<boolean>;
  find(id: string): Promise<FirmMailRow | null>;
  /** They may quote held messages. */
  purge(cutoff: number): Promise<number>;
  queue(envelope: Envelope): MailQueue;
}

const rowsAgree: RowsAgree<typeof contactDigestsPg, typeof contactDigestsSqlite> = true;
void rowsAgree;

export function firmMail(database: Database): FirmMail {
  const { db, tables: d } = sqliteShaped(database, {
    sqlite: contactDigestsSqlite,
    postgres: contactDigestsPg,
  });
  const due = (now: number) =>
    and(
      isNull(d.deliveredAt),
      lte(d.nextAttemptAt, now),
      or(isNull(d.lockedUntil), lt(d.lockedUntil, now)),
    );
  const waiting = isNull(d.deliveredAt);
  const queue = (envelope: Envelope): MailQueue => ({
    name: FIRM_MAIL_QUEUE,
    dueIds: async (now, limit) =>
      (
        await db
          .select({ id: d.id })
          .from(d)
          .where(due(now))
          .orderBy(asc(d.nextAttemptAt))
          .limit(limit)
      ).map((row) => row.id),
    claim: async (id, token, now, leaseUntil) => {
      const [row] = await db
        .update(d)
        .set({ lockToken: token, lockedUntil: leaseUntil })
        .where(and(eq(d.id, id), due(now)))
        .returning();
      return row
        ? {
            email: composeFirmEmail(row, envelope),
            fileName: row.id,
            attempts: row.attempts,
            what: `e-mail to the firm ${row.id}`,
          }
        : null;
    },
    markDelivered: async (id, token, now) =>
      (
        await db
          .update(d)
          .set(deliveredColumns(d.attempts, now))
          .where(and(eq(d.id, id), eq(d.lockToken, token)))
          .returning({ id: d.id })
      ).length === 1,
    markFailed: async (id, token, nextAttemptAt, error, failure) => {
      await db
        .update(d)
        .set(failedColumns(d.attempts, nextAttemptAt, error, failure))
        .where(and(eq(d.id, id), eq(d.lockToken, token)));
    },
    state: async () => {
      const [totals] = await db
        .select({ n: count(), oldest: min(d.createdAt) })
        .from(d)
        .where(waiting);
      const [failure] = await db
        .select({ errorClass: d.lastErrorClass, at: d.lastFailedAt })
        .from(d)
        .where(and(waiting, isNotNull(d.lastFailedAt)))
        .orderBy(desc(d.lastFailedAt))
        .limit(1);
      return queueStateOf(totals, failure);
    },
  });
  return {
    insert: async (row) =>
      (await db.insert(d).values(row).onConflictDoNothing().returning({ id: d.id })).length === 1,
    find: async (id) => (await db.select().from(d).where(eq(d.id, id)))[0] ?? null,
    purge: async (cutoff) =>
      (await db.delete(d).where(lt(d.createdAt, cutoff)).returning({ id: d.id })).length,
    queue,
  };
}

export function composeFirmEmail(row: FirmMailRow, envelope: Envelope): OutgoingEmail {
  return {
    from: envelope.from,
    to: envelope.to,
    subject: row.subject,
    text: row.body,
    messageId: `<${row.id}@sorel-aubry-avocats.fr>`,
    date: new Date(row.createdAt),
    headers: { 'X-Contact-Digest-Id': row.id },
  };
}
