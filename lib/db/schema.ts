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
 * lib/db/migrations/{sqlite,postgres} (drizzle.{sqlite,postgres}.config.ts), and lib/db/migrate.ts
 * applies them on start. Times are milliseconds since the epoch, so both databases compare and
 * sort them the same way.
 *
 * A message the anti-spam rules judged suspicious has a `suspected_reason`: it is kept (30 days)
 * but not e-mailed until someone releases it (`released_at`), after which it is an ordinary
 * message of the outbox. The reason stays, so the record shows why it was held. `digest_id` names
 * the digest e-mail that told the firm about it (lib/contact/delivery/digest.ts). `last_error_class` and
 * `last_failed_at` describe the latest failed delivery in words free of secrets and personal data
 * (connection, authentication…), for /api/health.
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
    digestId: text('digest_id'),
    lastErrorClass: text('last_error_class'),
    lastFailedAt: integer('last_failed_at'),
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
    digestId: pgText('digest_id'),
    lastErrorClass: pgText('last_error_class'),
    lastFailedAt: bigint('last_failed_at', { mode: 'number' }),
  },
  (table) => [
    pgIndex('contact_messages_due').on(table.deliveredAt, table.nextAttemptAt),
    pgIndex('contact_messages_created').on(table.createdAt),
  ],
);

/**
 * The digest e-mails that list held messages for the firm, queued and delivered like messages
 * (same delivery columns). The id is the digest's day or trigger ('daily-2026-11-24',
 * 'immediate-<message id>'): being unique, it makes several instances sharing one database send
 * each digest once. A daily row with `held_count` 0 records that the day's digest had nothing to
 * say (it is never e-mailed).
 */
export const contactDigestsSqlite = sqliteTable('contact_digests', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  createdAt: integer('created_at').notNull(),
  heldCount: integer('held_count').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at').notNull(),
  lastError: text('last_error'),
  lastErrorClass: text('last_error_class'),
  lastFailedAt: integer('last_failed_at'),
  deliveredAt: integer('delivered_at'),
  lockedUntil: integer('locked_until'),
  lockToken: text('lock_token'),
});

export const contactDigestsPg = pgTable('contact_digests', {
  id: pgText('id').primaryKey(),
  kind: pgText('kind').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  heldCount: pgInteger('held_count').notNull(),
  subject: pgText('subject').notNull(),
  body: pgText('body').notNull(),
  attempts: pgInteger('attempts').notNull().default(0),
  nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
  lastError: pgText('last_error'),
  lastErrorClass: pgText('last_error_class'),
  lastFailedAt: bigint('last_failed_at', { mode: 'number' }),
  deliveredAt: bigint('delivered_at', { mode: 'number' }),
  lockedUntil: bigint('locked_until', { mode: 'number' }),
  lockToken: pgText('lock_token'),
});

export type ContactDigestRow = typeof contactDigestsSqlite.$inferSelect;
export type NewContactDigestRow = typeof contactDigestsSqlite.$inferInsert;

/** A stored contact message as the application sees it, whatever the database. */
export type ContactMessageRow = typeof contactMessagesSqlite.$inferSelect;
export type NewContactMessageRow = typeof contactMessagesSqlite.$inferInsert;
