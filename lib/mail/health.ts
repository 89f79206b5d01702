import 'server-only';
import type { MailQueue, QueueState } from './queue';

/** An e-mail waiting longer than this means the mailbox or SMTP is failing, not just slow. */
export const OUTBOX_DELAY_LIMIT_MS = 60 * 60 * 1000;

export interface QueueFigures {
  undelivered: number;
  oldestAgeSeconds: number | null;
  lastErrorClass: string | null;
}

export interface OutboxHealth extends QueueFigures {
  status: 'ok' | 'delayed';
  /**
   * Bulk queues by name (the letters): their own figures, never the status, since a send to
   * thousands of subscribers waits its turn for hours by design (lib/mail/queue.ts, `bulk`).
   */
  bulk: Record<string, QueueFigures>;
}

function figures(states: QueueState[], now: number): QueueFigures {
  const oldest = states.flatMap((state) =>
    state.oldestQueuedAt === null ? [] : [state.oldestQueuedAt],
  );
  const latest = states
    .flatMap((state) => (state.lastFailure ? [state.lastFailure] : []))
    .sort((a, b) => b.at - a.at)[0];
  const age = oldest.length === 0 ? null : Math.max(0, now - Math.min(...oldest));
  return {
    undelivered: states.reduce((sum, state) => sum + state.undelivered, 0),
    oldestAgeSeconds: age === null ? null : Math.floor(age / 1000),
    lastErrorClass: latest?.errorClass ?? null,
  };
}

export async function outboxHealth(queues: MailQueue[], now: number): Promise<OutboxHealth> {
  const states = await Promise.all(
    queues.map(async (queue) => ({ queue, state: await queue.state() })),
  );
  const main = figures(
    states.filter(({ queue }) => !queue.bulk).map(({ state }) => state),
    now,
  );
  const bulk: Record<string, QueueFigures> = {};
  for (const { queue, state } of states) if (queue.bulk) bulk[queue.name] = figures([state], now);
  const delayed =
    main.oldestAgeSeconds !== null && main.oldestAgeSeconds * 1000 > OUTBOX_DELAY_LIMIT_MS;
  return { status: delayed ? 'delayed' : 'ok', ...main, bulk };
}
