import 'server-only';
import { randomUUID } from 'node:crypto';
import { describe } from '@/lib/errors';
import type { Mailer } from './mailer';
import type { ClaimedMail, DeliveryFailure, MailQueue } from './queue';
import { DELIVERY_LEASE_MS, retryDelayMs } from './settings';

export interface OutboxOptions {
  /** In order of priority: a queue's due e-mails all go before the next queue's. */
  queues: MailQueue[];
  mailer: Mailer;
  retryBaseMs: number;
  pollMs: number;
  now?: () => number;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

/**
 * Sends the queued e-mails one at a time, at least once: each is claimed (so two workers never
 * send the same one), sent, then marked delivered. A failure records the attempt and schedules
 * the next one with exponential backoff. A crash between sending and marking leaves the claim to
 * expire, and the e-mail is sent again (never lost). On stop, the worker finishes the e-mail in
 * hand and takes no other.
 */
export class OutboxWorker {
  private stopping = false;
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private wokenWhileBusy = false;
  private readonly now: () => number;
  private readonly log: Pick<Console, 'info' | 'warn' | 'error'>;

  constructor(private readonly options: OutboxOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? console;
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** A new e-mail is waiting: look now rather than at the next poll. */
  wake(): void {
    this.wokenWhileBusy = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
  }

  /** Delivers every due e-mail; returns how many were attempted. */
  async drain(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const now = this.now();
      const due: { queue: MailQueue; id: string }[] = [];
      for (const queue of this.options.queues)
        for (const id of await queue.dueIds(now, 25)) due.push({ queue, id });
      let progressed = false;
      for (const { queue, id } of due) {
        if (this.stopping) return attempted;
        if (await this.deliver(queue, id)) {
          progressed = true;
          attempted += 1;
        }
      }
      if (!progressed) return attempted;
    }
  }

  /**
   * Sends one e-mail of the queue named `queueName` now, claimed like any other (a worker holding
   * it already wins): `npm run stats -- --send-report` sends the report it queued without waiting
   * for the site. False when it was not due or another worker holds it.
   */
  async sendNow(queueName: string, id: string): Promise<boolean> {
    const queue = this.options.queues.find((candidate) => candidate.name === queueName);
    if (!queue) throw new Error(`No mail queue named ${queueName}`);
    return this.deliver(queue, id);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.wokenWhileBusy = false;
      try {
        await this.drain();
      } catch (error) {
        this.log.error(`[mail] outbox: cannot read pending e-mails: ${describe(error)}`);
      }
      if (this.stopping || this.wokenWhileBusy) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  private async deliver(queue: MailQueue, id: string): Promise<boolean> {
    const token = randomUUID();
    const claimedAt = this.now();
    const mail = await queue.claim(id, token, claimedAt, claimedAt + DELIVERY_LEASE_MS);
    if (!mail) return false;
    await this.send(mail, {
      failed: (next, error, failure) => queue.markFailed(id, token, next, error, failure),
      delivered: () => queue.markDelivered(id, token, this.now()),
    });
    return true;
  }

  private async send(
    mail: ClaimedMail,
    outcome: {
      failed: (nextAttemptAt: number, error: string, failure: DeliveryFailure) => Promise<void>;
      delivered: () => Promise<boolean>;
    },
  ): Promise<void> {
    try {
      await this.options.mailer.send(mail.email, mail.fileName);
    } catch (error) {
      const failures = mail.attempts + 1;
      const delay = retryDelayMs(failures, this.options.retryBaseMs);
      const now = this.now();
      await outcome.failed(now + delay, describe(error).slice(0, 500), {
        errorClass: deliveryErrorClass(error),
        at: now,
      });
      this.log.warn(
        `[mail] outbox: ${mail.what} not delivered (attempt ${failures}): ${describe(error)}; next try in ${Math.round(delay / 1000)} s`,
      );
      return;
    }
    if (await outcome.delivered()) {
      this.log.info(`[mail] outbox: ${mail.what} delivered (attempt ${mail.attempts + 1})`);
    } else {
      this.log.warn(`[mail] outbox: ${mail.what} sent but its claim had expired`);
    }
  }
}

const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ECONNREFUSED',
  'ECONNRESET',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * A failed delivery's class, from a fixed list, for /api/health: it says where to look without
 * repeating the error's text, which can hold an address, a host name or a server's answer.
 */
export function deliveryErrorClass(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'authentication';
  if (code === 'ETLS') return 'tls';
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return 'connection';
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500)
    return 'temporary-rejection';
  if (typeof responseCode === 'number' && responseCode >= 500) return 'rejection';
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'rejection';
  if (code === 'EACCES' || code === 'EPERM' || code === 'ENOSPC' || code === 'EROFS')
    return 'outbox-folder';
  return 'other';
}
