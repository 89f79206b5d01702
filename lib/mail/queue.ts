import type { OutgoingEmail } from './email';

/** A failed delivery, as /api/health may show it: a class of error and when. */
export interface DeliveryFailure {
  errorClass: string;
  at: number;
}

/** One e-mail taken from a queue for delivery. */
export interface ClaimedMail {
  email: OutgoingEmail;
  /** The `.eml` file's name when there is no SMTP server. */
  fileName: string;
  /** Failed attempts so far, for the backoff. */
  attempts: number;
  /** How the log names it: 'message 3f2a…', 'digest daily-2026-11-24 (2 held message(s))'. */
  what: string;
}

/** A queue as a monitor sees it: nothing personal, nothing secret. */
export interface QueueState {
  /** E-mails waiting to be sent (a held contact message is not waiting). */
  undelivered: number;
  /** When the longest-waiting of them entered the queue. */
  oldestQueuedAt: number | null;
  /** The latest failed delivery among them. */
  lastFailure: DeliveryFailure | null;
}

/**
 * A kind of e-mail kept in the database until sent: each feature that sends e-mail stores its own
 * rows and hands the outbox (./outbox.ts) a queue over them. Claims are leases: a row claimed by
 * a worker that then died is due again once `leaseUntil` has passed.
 */
export interface MailQueue {
  readonly name: string;
  /** Ids whose next attempt is due and that no worker holds, oldest due first. */
  dueIds(now: number, limit: number): Promise<string[]>;
  /** Takes one for delivery until `leaseUntil`, atomically: of two claims, one gets null. */
  claim(id: string, token: string, now: number, leaseUntil: number): Promise<ClaimedMail | null>;
  /** False when the claim was lost meanwhile. */
  markDelivered(id: string, token: string, now: number): Promise<boolean>;
  /** Records a failed attempt and when to try again, and releases the claim. */
  markFailed(
    id: string,
    token: string,
    nextAttemptAt: number,
    error: string,
    failure: DeliveryFailure,
  ): Promise<void>;
  state(): Promise<QueueState>;
}
