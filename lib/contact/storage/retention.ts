import 'server-only';
import type { ContactStore } from './store';

/** Prospects' data is kept 3 years from the last contact (the privacy policy's promise). */
export const RETENTION_YEARS = 3;
/** Long enough to find a genuine one among them (the privacy policy's promise). */
export const SUSPECTED_RETENTION_DAYS = 30;
export const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The same calendar day, three years earlier. */
export function retentionCutoff(now: number): number {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION_YEARS);
  return cutoff.getTime();
}

export function suspectedRetentionCutoff(now: number): number {
  return now - SUSPECTED_RETENTION_DAYS * 24 * 60 * 60 * 1000;
}

export async function purgeExpiredMessages(store: ContactStore, now: number): Promise<number> {
  return store.purge({
    messages: retentionCutoff(now),
    suspected: suspectedRetentionCutoff(now),
  });
}
