import 'server-only';
import { z } from 'zod';

/**
 * Timing of the outbox. The defaults are the production schedule; the two variables exist so
 * that tests can watch retries in seconds instead of minutes (docs/testing.md, "Variables used only by tests").
 * - CONTACT_RETRY_BASE_MS: delay before the first retry (default 15000; doubles each attempt,
 *   capped at 1 hour).
 * - CONTACT_OUTBOX_POLL_MS: how often the worker looks for due retries (default 5000).
 */
const schema = z.object({
  CONTACT_RETRY_BASE_MS: z.coerce.number().int().min(10).max(30_000).default(15_000),
  CONTACT_OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
});

export const RETRY_CAP_MS = 60 * 60 * 1000;
/** How long a worker holds a message while sending it; longer than any SMTP timeout. */
export const DELIVERY_LEASE_MS = 5 * 60 * 1000;

export function outboxSettings(env: Record<string, string | undefined> = process.env) {
  const parsed = schema.safeParse({
    CONTACT_RETRY_BASE_MS: env.CONTACT_RETRY_BASE_MS || undefined,
    CONTACT_OUTBOX_POLL_MS: env.CONTACT_OUTBOX_POLL_MS || undefined,
  });
  if (!parsed.success)
    throw new Error(`Invalid outbox configuration: ${parsed.error.issues[0]?.message ?? ''}`);
  return {
    retryBaseMs: parsed.data.CONTACT_RETRY_BASE_MS,
    pollMs: parsed.data.CONTACT_OUTBOX_POLL_MS,
  };
}

/** Exponential backoff: base, 2×base, 4×base… capped at one hour. `failures` counts from 1. */
export function retryDelayMs(failures: number, baseMs: number, capMs = RETRY_CAP_MS): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(capMs, baseMs * 2 ** exponent);
}
