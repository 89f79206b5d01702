import 'server-only';
import type { ContactStore } from '../storage/store';

/** An e-mail waiting longer than this means the mailbox or SMTP is failing, not just slow. */
export const OUTBOX_DELAY_LIMIT_MS = 60 * 60 * 1000;

export interface OutboxHealth {
  status: 'ok' | 'delayed';
  /** Messages and digests waiting to be e-mailed. */
  undelivered: number;
  /** How long the oldest of them has waited, in seconds; null when none waits. */
  oldestAgeSeconds: number | null;
  /** The class of the latest failed delivery among them ('connection', 'authentication'…). */
  lastErrorClass: string | null;
}

export async function outboxHealth(store: ContactStore, now: number): Promise<OutboxHealth> {
  const state = await store.outboxState();
  const age = state.oldestQueuedAt === null ? null : Math.max(0, now - state.oldestQueuedAt);
  return {
    status: age !== null && age > OUTBOX_DELAY_LIMIT_MS ? 'delayed' : 'ok',
    undelivered: state.undelivered,
    oldestAgeSeconds: age === null ? null : Math.floor(age / 1000),
    lastErrorClass: state.lastErrorClass,
  };
}
