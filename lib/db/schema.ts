import {
  bigint,
  index as pgIndex,
  integer as pgInteger,
  pgTable,
  text as pgText,
} from 'drizzle-orm/pg-core';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One table, described for each dialect with the same column names and meaning (Drizzle has no
 * dialect-neutral table). drizzle-kit generates each dialect's migrations from here into
 * lib/db/migrations/{sqlite,postgres} (drizzle.{sqlite,postgres}.config.ts), and lib/db/migrate.mjs
 * applies them on start. Times are milliseconds since the epoch, so both databases compare and
 * sort them the same way.
 *
 * A message the anti-spam rules judged suspicious has a `suspected_reason`: it is kept (30 days)
 * but not e-mailed until someone releases it (`released_at`), after which it is an ordinary
 * message of the outbox. The reason stays, so the record shows why it was held.
 */
export const contactMessagesSqlite = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    createdAt: integer('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    lastError: text('last_error'),
    deliveredAt: integer('delivered_at'),
    lockedUntil: integer('locked_until'),
    lockToken: text('lock_token'),
    suspectedReason: text('suspected_reason'),
    releasedAt: integer('released_at'),
  },
  (table) => [
    index('contact_messages_due').on(table.deliveredAt, table.nextAttemptAt),
    index('contact_messages_created').on(table.createdAt),
  ],
);

export const contactMessagesPg = pgTable(
  'contact_messages',
  {
    id: pgText('id').primaryKey(),
    name: pgText('name').notNull(),
    email: pgText('email').notNull(),
    phone: pgText('phone').notNull(),
    message: pgText('message').notNull(),
    locale: pgText('locale').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    attempts: pgInteger('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    lastError: pgText('last_error'),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
    lockedUntil: bigint('locked_until', { mode: 'number' }),
    lockToken: pgText('lock_token'),
    suspectedReason: pgText('suspected_reason'),
    releasedAt: bigint('released_at', { mode: 'number' }),
  },
  (table) => [
    pgIndex('contact_messages_due').on(table.deliveredAt, table.nextAttemptAt),
    pgIndex('contact_messages_created').on(table.createdAt),
  ],
);

/** A stored contact message as the application sees it, whatever the database. */
export type ContactMessageRow = typeof contactMessagesSqlite.$inferSelect;
export type NewContactMessageRow = typeof contactMessagesSqlite.$inferInsert;
