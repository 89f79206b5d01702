import 'server-only';
import type { MailQueue } from './queue';

/** An e-mail waiting longer than this means the mailbox or SMTP is failing, not just slow. */
export const OUTBOX_DELAY_LIMIT_MS = 60 * 60 * 1000;

export interface OutboxHealth {
  status: 'ok' | 'delayed';
  undelivered: number;
  oldestAgeSeconds: number | null;
  lastErrorClass: string | null;
}

export async function outboxHealth(queues: MailQueue[], now: number): Promise<OutboxHealth> {
  const states = await Promise.all(queues.map((queue) => queue.state()));
  const oldest = states.flatMap((state) =>
    state.oldestQueuedAt === null ? [] : [state.oldestQueuedAt],
  );
  const latest = states
    .flatMap((state) => (state.lastFailure ? [state.lastFailure] : []))
    .sort((a, b) => b.at - a.at)[0];
  const age = oldest.length === 0 ? null : Math.max(0, now - Math.min(...oldest));
  return {
    status: age !== null && age > OUTBOX_DELAY_LIMIT_MS ? 'delayed' : 'ok',
    undelivered: states.reduce((sum, state) => sum + state.undelivered, 0),
    oldestAgeSeconds: age === null ? null : Math.floor(age / 1000),
    lastErrorClass: latest?.errorClass ?? null,
  };
}
