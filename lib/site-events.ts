import { processShared } from '@/lib/process-shared';

/**
 * What one feature tells another, which it may not import (docs/architecture.md, "The folders'
 * layers"): the feature that knows calls its event, the server entry connects the one that
 * listens. One handler per event and process; an event nobody listens to does nothing.
 */
export interface SiteEvents {
  /** A contact message was stored (`held`: the anti-spam rules held it). */
  contactMessageStored?: (held: boolean, at: number) => void;
}

export function siteEvents(): SiteEvents {
  return processShared<SiteEvents>('site-events', () => ({}));
}

/** Connects listeners, replacing any earlier one of the same event. */
export function listenToSiteEvents(listeners: SiteEvents): void {
  Object.assign(siteEvents(), listeners);
}
