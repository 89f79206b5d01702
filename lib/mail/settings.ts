import 'server-only';
import { config, type Config } from '@/lib/config';

export const RETRY_CAP_MS = 60 * 60 * 1000;
/** How long a worker holds a message while sending it; longer than any SMTP timeout. */
export const DELIVERY_LEASE_MS = 5 * 60 * 1000;

export function outboxSettings(
  settings: Pick<Config, 'CONTACT_RETRY_BASE_MS' | 'CONTACT_OUTBOX_POLL_MS'> = config(),
) {
  return { retryBaseMs: settings.CONTACT_RETRY_BASE_MS, pollMs: settings.CONTACT_OUTBOX_POLL_MS };
}

/** `failures` counts from 1. */
export function retryDelayMs(failures: number, baseMs: number, capMs = RETRY_CAP_MS): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(capMs, baseMs * 2 ** exponent);
}
