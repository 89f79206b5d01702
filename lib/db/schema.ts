import {
  bigint,
  index as pgIndex,
  integer as pgInteger,
  pgTable,
  primaryKey as pgPrimaryKey,
  text as pgText,
  uniqueIndex as pgUniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

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

/**
 * The legal watch by e-mail (lib/letters): who subscribed, what was sent, and the letters waiting.
 * A subscriber's `address` is trimmed and lower-cased, one row per address. `consented_at` and
 * `consent_page` record the request whose confirmation e-mail went out (`confirmation_sent_at`);
 * `confirmed_at` is null until the reader confirms, and an unconfirmed row is deleted 7 days
 * after that request. `consecutive_refusals` counts letters in a row refused for this address.
 * Unsubscribing deletes the row.
 */
export const letterSubscribersSqlite = sqliteTable(
  'letter_subscribers',
  {
    id: text('id').primaryKey(),
    address: text('address').notNull(),
    locale: text('locale').notNull(),
    consentedAt: integer('consented_at').notNull(),
    consentPage: text('consent_page').notNull(),
    confirmedAt: integer('confirmed_at'),
    confirmationSentAt: integer('confirmation_sent_at'),
    consecutiveRefusals: integer('consecutive_refusals').notNull().default(0),
  },
  (table) => [
    uniqueIndex('letter_subscribers_address').on(table.address),
    index('letter_subscribers_confirmed').on(table.confirmedAt),
  ],
);

export const letterSubscribersPg = pgTable(
  'letter_subscribers',
  {
    id: pgText('id').primaryKey(),
    address: pgText('address').notNull(),
    locale: pgText('locale').notNull(),
    consentedAt: bigint('consented_at', { mode: 'number' }).notNull(),
    consentPage: pgText('consent_page').notNull(),
    confirmedAt: bigint('confirmed_at', { mode: 'number' }),
    confirmationSentAt: bigint('confirmation_sent_at', { mode: 'number' }),
    consecutiveRefusals: pgInteger('consecutive_refusals').notNull().default(0),
  },
  (table) => [
    pgUniqueIndex('letter_subscribers_address').on(table.address),
    pgIndex('letter_subscribers_confirmed').on(table.confirmedAt),
  ],
);

/**
 * One send of one article to the subscribers, kept under the article's address (`slug`, unique:
 * an article is sent at most once) with its state and counts, never an address; it outlives the
 * letters. `state`: queued (waiting for the article to go online), sending, sent, cancelled,
 * stopped.
 */
export const letterSendsSqlite = sqliteTable('letter_sends', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  state: text('state').notNull(),
  createdAt: integer('created_at').notNull(),
  startedAt: integer('started_at'),
  finishedAt: integer('finished_at'),
  recipients: integer('recipients').notNull().default(0),
  sentCount: integer('sent_count').notNull().default(0),
  refusedCount: integer('refused_count').notNull().default(0),
  droppedCount: integer('dropped_count').notNull().default(0),
});

export const letterSendsPg = pgTable('letter_sends', {
  id: pgText('id').primaryKey(),
  slug: pgText('slug').notNull().unique(),
  state: pgText('state').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  startedAt: bigint('started_at', { mode: 'number' }),
  finishedAt: bigint('finished_at', { mode: 'number' }),
  recipients: pgInteger('recipients').notNull().default(0),
  sentCount: pgInteger('sent_count').notNull().default(0),
  refusedCount: pgInteger('refused_count').notNull().default(0),
  droppedCount: pgInteger('dropped_count').notNull().default(0),
});

/**
 * The letters of a send, one per subscriber, queued and delivered like contact messages (same
 * delivery columns). The address is copied in at queuing and cleared on delivery: a delivered
 * row holds no address, and a subscriber's undelivered letters go with her on unsubscribing.
 */
export const lettersSqlite = sqliteTable(
  'letters',
  {
    sendId: text('send_id').notNull(),
    subscriberId: text('subscriber_id').notNull(),
    address: text('address'),
    locale: text('locale').notNull(),
    createdAt: integer('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    lockedUntil: integer('locked_until'),
    lockToken: text('lock_token'),
    lastError: text('last_error'),
    lastErrorClass: text('last_error_class'),
    lastFailedAt: integer('last_failed_at'),
    deliveredAt: integer('delivered_at'),
  },
  (table) => [
    primaryKey({ columns: [table.sendId, table.subscriberId] }),
    index('letters_due').on(table.deliveredAt, table.nextAttemptAt),
    index('letters_subscriber').on(table.subscriberId),
  ],
);

export const lettersPg = pgTable(
  'letters',
  {
    sendId: pgText('send_id').notNull(),
    subscriberId: pgText('subscriber_id').notNull(),
    address: pgText('address'),
    locale: pgText('locale').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    attempts: pgInteger('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    lockedUntil: bigint('locked_until', { mode: 'number' }),
    lockToken: pgText('lock_token'),
    lastError: pgText('last_error'),
    lastErrorClass: pgText('last_error_class'),
    lastFailedAt: bigint('last_failed_at', { mode: 'number' }),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
  },
  (table) => [
    pgPrimaryKey({ columns: [table.sendId, table.subscriberId] }),
    pgIndex('letters_due').on(table.deliveredAt, table.nextAttemptAt),
    pgIndex('letters_subscriber').on(table.subscriberId),
  ],
);

/**
 * The letters' pace, one row for the whole site (id `letters`): `next_at` is the earliest time
 * the next letter may go. Every instance takes its turn with one conditional UPDATE, so the rate
 * (NEWSLETTER_RATE_PER_MINUTE) holds for all instances together, not per instance.
 */
export const letterPacingSqlite = sqliteTable('letter_pacing', {
  id: text('id').primaryKey(),
  nextAt: integer('next_at').notNull(),
});

export const letterPacingPg = pgTable('letter_pacing', {
  id: pgText('id').primaryKey(),
  nextAt: bigint('next_at', { mode: 'number' }).notNull(),
});

/**
 * The confirmation e-mail of a subscriber (lib/letters), queued in the outbox like every e-mail:
 * one row per subscriber, refreshed when she asks again after 24 hours. It holds no address (the
 * subscriber's row does), and goes with her when she is purged or unsubscribes.
 */
export const letterConfirmationsSqlite = sqliteTable(
  'letter_confirmations',
  {
    subscriberId: text('subscriber_id').primaryKey(),
    createdAt: integer('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    lockedUntil: integer('locked_until'),
    lockToken: text('lock_token'),
    lastError: text('last_error'),
    lastErrorClass: text('last_error_class'),
    lastFailedAt: integer('last_failed_at'),
    deliveredAt: integer('delivered_at'),
  },
  (table) => [index('letter_confirmations_due').on(table.deliveredAt, table.nextAttemptAt)],
);

export const letterConfirmationsPg = pgTable(
  'letter_confirmations',
  {
    subscriberId: pgText('subscriber_id').primaryKey(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    attempts: pgInteger('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    lockedUntil: bigint('locked_until', { mode: 'number' }),
    lockToken: pgText('lock_token'),
    lastError: pgText('last_error'),
    lastErrorClass: pgText('last_error_class'),
    lastFailedAt: bigint('last_failed_at', { mode: 'number' }),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
  },
  (table) => [pgIndex('letter_confirmations_due').on(table.deliveredAt, table.nextAttemptAt)],
);
