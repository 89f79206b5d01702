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
 * At least once: claimed (two workers never send the same), sent, then marked. A crash between
 * sending and marking lets the claim expire and the e-mail goes again, never lost.
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

  wake(): void {
    this.wokenWhileBusy = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
  }

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

  /** For `npm run stats -- --send-report`, claimed like any other; false when not due or held. */
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
        recipientRefused: recipientRefused(error),
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

/** A 5xx answer to RCPT TO: the address will not be accepted later either. */
export function recipientRefused(error: unknown): boolean {
  const { code, command, responseCode } = (error ?? {}) as {
    code?: unknown;
    command?: unknown;
    responseCode?: unknown;
  };
  const rcpt = code === 'EENVELOPE' || (typeof command === 'string' && /^RCPT/i.test(command));
  return rcpt && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
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

/** A fixed list for /api/health: an error's text can hold an address, a host or a server's answer. */
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
