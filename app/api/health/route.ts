import { siteDatabase } from '@/lib/db/client';
import { ping } from '@/lib/db/dialects';
import { outboxHealth } from '@/lib/mail/health';
import { outboxQueues } from '@/lib/mail/runtime';

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
  const unavailable = () =>
    Response.json({ status: 'unavailable', database: 'unavailable' }, { status: 503, headers });
  try {
    await ping(await siteDatabase());
  } catch {
    return unavailable();
  }
  try {
    const outbox = await outboxHealth(outboxQueues(), Date.now());
    return Response.json(
      { status: outbox.status === 'ok' ? 'ok' : 'mail-delayed', database: 'ok', outbox },
      { status: outbox.status === 'ok' ? 200 : 424, headers },
    );
  } catch {
    return unavailable();
  }
}
