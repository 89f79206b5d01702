import 'server-only';
import { randomUUID } from 'node:crypto';
import { composeContactEmail } from './email';
import type { Mailer } from './mailer';
import { DELIVERY_LEASE_MS, retryDelayMs } from './settings';
import type { ContactStore } from './store';

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

  /** Delivers every due message; returns how many were attempted. */
  async drain(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const ids = await this.options.store.dueIds(this.now(), 25);
      let progressed = false;
      for (const id of ids) {
        if (this.stopping) return attempted;
        if (await this.deliver(id)) {
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
    const { store, mailer, envelope, retryBaseMs } = this.options;
    const token = randomUUID();
    const claimedAt = this.now();
    const message = await store.claim(id, token, claimedAt, claimedAt + DELIVERY_LEASE_MS);
    if (!message) return false;
    try {
      await mailer.send(composeContactEmail(message, envelope), message.id);
    } catch (error) {
      const failures = message.attempts + 1;
      const delay = retryDelayMs(failures, retryBaseMs);
      await store.markFailed(id, token, this.now() + delay, describe(error).slice(0, 500));
      this.log.warn(
        `[contact] outbox: message ${id} not delivered (attempt ${failures}): ${describe(error)}; next try in ${Math.round(delay / 1000)} s`,
      );
      return true;
    }
    if (await store.markDelivered(id, token, this.now())) {
      this.log.info(`[contact] outbox: message ${id} delivered (attempt ${message.attempts + 1})`);
    } else {
      this.log.warn(`[contact] outbox: message ${id} sent but its claim had expired`);
    }
    return true;
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
