import 'server-only';
import type { Envelope } from '@/lib/mail/email';
import type { MailQueue } from '@/lib/mail/queue';
import type { ContactStore } from '../storage/store';
import { composeContactEmail } from './email';

export const MESSAGE_QUEUE = 'message';

export function messageQueue(store: ContactStore, envelope: Envelope): MailQueue {
  return {
    name: MESSAGE_QUEUE,
    dueIds: (now, limit) => store.dueIds(now, limit),
    claim: async (id, token, now, leaseUntil) => {
      const message = await store.claim(id, token, now, leaseUntil);
      return message
        ? {
            email: composeContactEmail(message, envelope),
            fileName: message.id,
            attempts: message.attempts,
            what: `message ${id}`,
          }
        : null;
    },
    markDelivered: (id, token, now) => store.markDelivered(id, token, now),
    markFailed: (id, token, next, error, failure) =>
      store.markFailed(id, token, next, error, failure),
    state: () => store.queueState(),
  };
}

/** What the outbox sends for the site: the e-mails to the firm (digests, reports) first, then the messages. */
export function contactMailQueues(store: ContactStore, envelope: Envelope): MailQueue[] {
  return [store.firmMail.queue(envelope), messageQueue(store, envelope)];
}
