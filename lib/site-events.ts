import { processShared } from '@/lib/process-shared';

/**
 * What one feature tells another it may not import (docs/architecture.md, "The folders' layers"):
 * the server entry connects the listener; an event nobody listens to does nothing.
 */
export interface SiteEvents {
  /** A contact message was stored (`held`: the anti-spam rules held it). */
  contactMessageStored?: (held: boolean, at: number) => void;
  /** An address was confirmed: one more subscriber to the letters. */
  subscriberConfirmed?: (at: number) => void;
  /** A subscriber left, by an unsubscribe link or the one-click POST. */
  subscriberUnsubscribed?: (at: number) => void;
  /** A subscriber was removed because her mail server refused her address (5xx) for good. */
  subscriberRefused?: (at: number) => void;
  /** A letter was handed to the subscriber's mail server (or written as a file without SMTP). */
  letterSent?: (at: number) => void;
}

export function siteEvents(): SiteEvents {
  return processShared<SiteEvents>('site-events', () => ({}));
}

export function listenToSiteEvents(listeners: SiteEvents): void {
  Object.assign(siteEvents(), listeners);
}
