import 'server-only';
import { config } from '@/lib/config';
import { processShared } from '@/lib/process-shared';
import type { Envelope } from './email';
import { createMailer } from './mailer';
import { OutboxWorker } from './outbox';
import type { MailQueue } from './queue';
import { outboxSettings } from './settings';

/**
 * The outbox of this process: one worker over every queue, started by the server entry once the
 * database is open; the route handlers and Server Actions, bundled apart, wake it and read its
 * queues through lib/process-shared.ts.
 */
const outbox = () =>
  processShared('mail.outbox', () => ({}) as { worker?: OutboxWorker; queues?: MailQueue[] });

/** The fixed sender and recipient of the e-mails to the firm (CONTACT_FROM, CONTACT_TO). */
export function firmEnvelope(): Envelope {
  const settings = config();
  return { from: settings.CONTACT_FROM, to: settings.CONTACT_TO };
}

export interface Outbox {
  /** Lets the worker finish the e-mail in hand (at most `ms`), then takes no other. */
  stop(ms: number): Promise<void>;
}

/** Starts the worker over `queues`, in their order of priority. */
export function startOutbox(queues: MailQueue[]): Outbox {
  const settings = config();
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, outboxDir: settings.OUTBOX_DIR });
  console.info(`[mail] e-mail delivery: ${mailer.description}`);
  const worker = new OutboxWorker({ queues, mailer, ...outboxSettings() });
  Object.assign(outbox(), { worker, queues });
  worker.start();
  return {
    stop: async (ms) => {
      // An e-mail cut off is only sent again after the restart: never lost, at worst sent twice.
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
      await Promise.race([worker.stop(), deadline]);
    },
  };
}

/** A new e-mail is waiting: the worker looks now rather than at its next poll. */
export function wakeOutbox(): void {
  outbox().worker?.wake();
}

/** The queues the outbox sends, for /api/health; none before the server entry starts it. */
export function outboxQueues(): MailQueue[] {
  return outbox().queues ?? [];
}
