import { sql, type SQLWrapper } from 'drizzle-orm';
import type { DeliveryFailure, QueueState } from './queue';

// What every queued e-mail's row writes on delivery and on a failed attempt (the columns
// attempts, delivered_at, next_attempt_at, last_error*, last_failed_at, lock_token, locked_until).

export const deliveredColumns = (attempts: SQLWrapper, now: number) => ({
  deliveredAt: now,
  attempts: sql`${attempts} + 1`,
  lastError: null,
  lockToken: null,
  lockedUntil: null,
});

export const failedColumns = (
  attempts: SQLWrapper,
  nextAttemptAt: number,
  error: string,
  failure: DeliveryFailure,
) => ({
  attempts: sql`${attempts} + 1`,
  nextAttemptAt,
  lastError: error,
  lockToken: null,
  lockedUntil: null,
  lastErrorClass: failure.errorClass,
  lastFailedAt: failure.at,
});

/** A queue's state from its count and oldest time, and its latest failure's row. */
export function queueStateOf(
  totals: { n: number | string; oldest: number | string | null } | undefined,
  failure: { errorClass: string | null; at: number | string | null } | undefined,
): QueueState {
  return {
    undelivered: Number(totals?.n ?? 0),
    oldestQueuedAt: totals?.oldest == null ? null : Number(totals.oldest),
    lastFailure: failure
      ? { errorClass: failure.errorClass ?? 'other', at: Number(failure.at) }
      : null,
  };
}
