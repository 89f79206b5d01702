import { processShared } from '@/lib/process-shared';

/**
 * What one feature tells another it may not import (docs/architecture.md, "The folders' layers"):
 * the server entry connects the listener; an event nobody listens to does nothing.
 */
export interface SiteEvents {
  /** A contact message was stored (`held`: the anti-spam rules held it). */
  contactMessageStored?: (held: boolean, at: number) => void;
}

export function siteEvents(): SiteEvents {
  return processShared<SiteEvents>('site-events', () => ({}));
}

export function listenToSiteEvents(listeners: SiteEvents): void {
  Object.assign(siteEvents(), listeners);
}
