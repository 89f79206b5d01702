import { getContactStore } from '@/lib/contact/runtime';
import { outboxHealth } from '@/lib/contact/delivery/health';

/**
 * GET /api/health, for the deployment tooling and an uptime monitor:
 * - 200: the database answers and no e-mail has waited an hour;
 * - 424: the database answers (the instance serves the site and stores messages) but the oldest
 *   undelivered e-mail has waited over an hour: the mailbox or SMTP is failing;
 * - 503: the database does not answer (the instance cannot store messages).
 * The body details the outbox without personal data or secrets.
 */
export async function GET() {
  const headers = { 'Cache-Control': 'no-store' };
  let store;
  try {
    store = await getContactStore();
    await store.ping();
  } catch {
    return Response.json(
      { status: 'unavailable', database: 'unavailable' },
      { status: 503, headers },
    );
  }
  try {
    const outbox = await outboxHealth(store, Date.now());
    return Response.json(
      { status: outbox.status === 'ok' ? 'ok' : 'mail-delayed', database: 'ok', outbox },
      { status: outbox.status === 'ok' ? 200 : 424, headers },
    );
  } catch {
    return Response.json(
      { status: 'unavailable', database: 'unavailable' },
      { status: 503, headers },
    );
  }
}
