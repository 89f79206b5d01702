import {
  bigint,
  index as pgIndex,
  integer as pgInteger,
  pgTable,
  primaryKey as pgPrimaryKey,
  text as pgText,
} from 'drizzle-orm/pg-core';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Each table once per dialect, with the same columns (Drizzle has no dialect-neutral table);
 * drizzle-kit generates the migrations from here. Times are epoch milliseconds, so both databases
 * compare them alike. `last_error_class` is free of secrets and personal data (for /api/health).
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
 * Unique ids ('daily-2026-11-24', 'immediate-<message id>') make several instances send each digest
 * once; a daily row with `held_count` 0 records a day with nothing to say (never e-mailed).
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

export type ContactMessageRow = typeof contactMessagesSqlite.$inferSelect;
export type NewContactMessageRow = typeof contactMessagesSqlite.$inferInsert;

/**
 * Counts only, never a visitor (docs/architecture.md, "Audience measurement without consent"): one
 * row per Paris day, path and figure, summed by every instance. Figures are never crossed, so no
 * row describes one visit.
 */
export const audienceCountsSqlite = sqliteTable(
  'audience_counts',
  {
    day: text('day').notNull(),
    path: text('path').notNull(),
    measure: text('measure').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.path, table.measure, table.value] })],
);

export const audienceCountsPg = pgTable(
  'audience_counts',
  {
    day: pgText('day').notNull(),
    path: pgText('path').notNull(),
    measure: pgText('measure').notNull(),
    value: pgText('value').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [pgPrimaryKey({ columns: [table.day, table.path, table.measure, table.value] })],
);

/** Page views per bucket, named by its upper bound (ms; CLS in thousandths): lib/audience/vitals.ts. */
export const audienceVitalsSqlite = sqliteTable(
  'audience_vitals',
  {
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    metric: text('metric').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind, table.metric, table.bucket] })],
);

export const audienceVitalsPg = pgTable(
  'audience_vitals',
  {
    day: pgText('day').notNull(),
    kind: pgText('kind').notNull(),
    metric: pgText('metric').notNull(),
    bucket: pgInteger('bucket').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [pgPrimaryKey({ columns: [table.day, table.kind, table.metric, table.bucket] })],
);

/** The monthly report names an article unpublished since by its last known title. */
export const audienceTitlesSqlite = sqliteTable('audience_titles', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  day: text('day').notNull(),
});

export const audienceTitlesPg = pgTable('audience_titles', {
  slug: pgText('slug').primaryKey(),
  title: pgText('title').notNull(),
  day: pgText('day').notNull(),
});
