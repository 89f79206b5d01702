import type { OutgoingEmail } from './email';

export interface DeliveryFailure {
  errorClass: string;
  at: number;
  /** The server refused the recipient for good (5xx at RCPT): a queue may stop retrying. */
  recipientRefused?: boolean;
}

export interface ClaimedMail {
  email: OutgoingEmail;
  /** The `.eml` file's name when there is no SMTP server. */
  fileName: string;
  attempts: number;
  what: string;
}

/** A queue as a monitor sees it: nothing personal, nothing secret. */
export interface QueueState {
  /** A held contact message is not waiting. */
  undelivered: number;
  oldestQueuedAt: number | null;
  lastFailure: DeliveryFailure | null;
}

/**
 * Each feature keeps its own rows and hands the outbox a queue over them. Claims are leases: a row
 * claimed by a worker that died is due again once `leaseUntil` has passed.
 */
export interface MailQueue {
  readonly name: string;
  /**
   * Bulk mail (the letters to subscribers) waits its turn by design, paced and after the others:
   * its waiting is not an outage, so /api/health reports it apart (lib/mail/health.ts).
   */
  readonly bulk?: boolean;
  dueIds(now: number, limit: number): Promise<string[]>;
  /** Atomic: of two claims, one gets null. */
  claim(id: string, token: string, now: number, leaseUntil: number): Promise<ClaimedMail | null>;
  /** False when the claim was lost meanwhile. */
  markDelivered(id: string, token: string, now: number): Promise<boolean>;
  markFailed(
    id: string,
    token: string,
    nextAttemptAt: number,
    error: string,
    failure: DeliveryFailure,
  ): Promise<void>;
  state(): Promise<QueueState>;
}
