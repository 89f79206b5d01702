/**
 * Runs once when `next start` (or `next dev`) starts, before the first request (Next.js
 * instrumentation hook; never during `next build`, so the build does not read the sheet). Node.js
 * runtime only: it removes Next.js's internal routing header from every response, makes a
 * stopping server close its kept-alive connections, records each request's TCP peer address for
 * the contact rate limit, refuses malformed requests and methods a path does not serve, starts
 * loading the articles without waiting for them, then starts the contact outbox worker and the
 * daily purge, and the audience measurement's receiver and background (its counts are written
 * once more on SIGTERM).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // The audience beacons, answered before Next.js (lib/audience/receiver.ts); added first, so
  // the request gate and the graceful stop see each request before it.
  const { beforeServerEvents } = await import('./lib/server/server-events');
  const audience = await import('./lib/audience/runtime');
  beforeServerEvents('audience', (_server, event, args) =>
    event === 'request'
      ? audience.receiveAudienceRequest(args[0] as never, args[1] as never)
      : false,
  );
  const { stripInternalResponseHeaders } = await import('./lib/security/internal-headers');
  stripInternalResponseHeaders();
  const { closeConnectionsOnStop } = await import('./lib/server/graceful-stop');
  closeConnectionsOnStop();
  const { recordConnectionAddress } = await import('./lib/contact/request/connection-address');
  recordConnectionAddress();
  // Last installed, so first to see each request: what it refuses never reaches the others.
  const { gateRequests } = await import('./lib/server/request-gate');
  gateRequests();
  const { preloadArticles } = await import('./lib/articles');
  preloadArticles();
  const { startContactBackground } = await import('./lib/contact/runtime');
  await startContactBackground();
  audience.startAudienceBackground();
  process.once('SIGTERM', () => void audience.stopAudienceBackground());
}
