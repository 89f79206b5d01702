import 'server-only';
import { randomUUID } from 'node:crypto';
import { composeDigestEmail } from './digest';
import { composeContactEmail, type ContactEmail } from './email';
import type { Mailer } from './mailer';
import { DELIVERY_LEASE_MS, retryDelayMs } from './settings';
import type { ContactStore, DeliveryFailure } from '../storage/store';

export interface OutboxOptions {
  store: ContactStore;
  mailer: Mailer;
  envelope: { from: string; to: string };
  retryBaseMs: number;
  pollMs: number;
  now?: () => number;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

/**
 * Sends stored messages to the firm, one at a time, at least once: a message is claimed (so
 * two workers never send the same one), sent, then marked delivered. A failure records the
 * attempt and schedules the next one with exponential backoff. A crash between sending and
 * marking leaves the claim to expire, and the message is sent again (never lost). On stop, the
 * worker finishes the message in hand and takes no other.
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

  /** A new message is waiting: look now rather than at the next poll. */
  wake(): void {
    this.wokenWhileBusy = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
  }

  /** Delivers every due message and digest; returns how many were attempted. */
  async drain(): Promise<number> {
    const { store } = this.options;
    let attempted = 0;
    for (;;) {
      const now = this.now();
      const due = [
        ...(await store.dueDigestIds(now, 25)).map((id) => ({ id, digest: true })),
        ...(await store.dueIds(now, 25)).map((id) => ({ id, digest: false })),
      ];
      let progressed = false;
      for (const { id, digest } of due) {
        if (this.stopping) return attempted;
        if (await (digest ? this.deliverDigest(id) : this.deliver(id))) {
          progressed = true;
          attempted += 1;
        }
      }
      if (!progressed) return attempted;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.wokenWhileBusy = false;
      try {
        await this.drain();
      } catch (error) {
        this.log.error(`[contact] outbox: cannot read pending messages: ${describe(error)}`);
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

  private async deliver(id: string): Promise<boolean> {
    const { store } = this.options;
    const token = randomUUID();
    const claimedAt = this.now();
    const message = await store.claim(id, token, claimedAt, claimedAt + DELIVERY_LEASE_MS);
    if (!message) return false;
    await this.send({
      what: `message ${id}`,
      email: composeContactEmail(message, this.options.envelope),
      fileName: message.id,
      attempts: message.attempts,
      failed: (next, error, failure) => store.markFailed(id, token, next, error, failure),
      delivered: () => store.markDelivered(id, token, this.now()),
    });
    return true;
  }

  /**
   * Sends one queued digest now, claimed like any other (a worker holding it already wins):
   * `npm run stats -- --send-report` sends the report it queued without waiting for the site.
   * False when it was not due or another worker holds it.
   */
  async sendDigest(id: string): Promise<boolean> {
    return this.deliverDigest(id);
  }

  private async deliverDigest(id: string): Promise<boolean> {
    const { store } = this.options;
    const token = randomUUID();
    const claimedAt = this.now();
    const digest = await store.claimDigest(id, token, claimedAt, claimedAt + DELIVERY_LEASE_MS);
    if (!digest) return false;
    await this.send({
      what: `digest ${id} (${digest.heldCount} held message(s))`,
      email: composeDigestEmail(digest, this.options.envelope),
      fileName: digest.id,
      attempts: digest.attempts,
      failed: (next, error, failure) => store.markDigestFailed(id, token, next, error, failure),
      delivered: () => store.markDigestDelivered(id, token, this.now()),
    });
    return true;
  }

  private async send(item: {
    what: string;
    email: ContactEmail;
    fileName: string;
    attempts: number;
    failed: (nextAttemptAt: number, error: string, failure: DeliveryFailure) => Promise<void>;
    delivered: () => Promise<boolean>;
  }): Promise<void> {
    try {
      await this.options.mailer.send(item.email, item.fileName);
    } catch (error) {
      const failures = item.attempts + 1;
      const delay = retryDelayMs(failures, this.options.retryBaseMs);
      const now = this.now();
      await item.failed(now + delay, describe(error).slice(0, 500), {
        errorClass: deliveryErrorClass(error),
        at: now,
      });
      this.log.warn(
        `[contact] outbox: ${item.what} not delivered (attempt ${failures}): ${describe(error)}; next try in ${Math.round(delay / 1000)} s`,
      );
      return;
    }
    if (await item.delivered()) {
      this.log.info(`[contact] outbox: ${item.what} delivered (attempt ${item.attempts + 1})`);
    } else {
      this.log.warn(`[contact] outbox: ${item.what} sent but its claim had expired`);
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

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
