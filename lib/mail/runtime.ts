import 'server-only';
import { config } from '@/lib/config';
import { processShared } from '@/lib/process-shared';
import type { Envelope } from './email';
import { createMailer } from './mailer';
import { OutboxWorker } from './outbox';
import type { MailQueue } from './queue';
import { outboxSettings } from './settings';

/** One worker per process; route handlers and actions, bundled apart, reach it through processShared. */
const outbox = () =>
  processShared('mail.outbox', () => ({}) as { worker?: OutboxWorker; queues?: MailQueue[] });

export function firmEnvelope(): Envelope {
  const settings = config();
  return { from: settings.CONTACT_FROM, to: settings.CONTACT_TO };
}

export interface Outbox {
  /** Lets the worker finish the e-mail in hand (at most `ms`), then takes no other. */
  stop(ms: number): Promise<void>;
}

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

export function wakeOutbox(): void {
  outbox().worker?.wake();
}

/** None before the server entry starts the outbox. */
export function outboxQueues(): MailQueue[] {
  return outbox().queues ?? [];
}
