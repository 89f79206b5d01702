/**
 * Runs once when `next start` (or `next dev`) starts, before the first request (Next.js
 * instrumentation hook). Node.js runtime only: it records each request's TCP peer address for
 * the contact rate limit, then starts the contact outbox worker and the daily purge.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { recordConnectionAddress } = await import('./lib/contact/connection-address');
  recordConnectionAddress();
  const { startContactBackground } = await import('./lib/contact/runtime');
  await startContactBackground();
}
