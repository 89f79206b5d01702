import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';
import { processShared } from '@/lib/process-shared';

/**
 * The form's signed render time. Optional: a submission without a token this process can verify
 * is not timed from the render (suspicion.ts).
 */

/** From REVALIDATE_SECRET when set: a form rendered by one instance is often posted to another. */
function secret(): Buffer {
  // One key per process: the page that issues a token and the two handlers that check it (the
  // Server Action, /api/contact) are bundled apart.
  return processShared('contact.form-token-secret', () => {
    const shared = config().REVALIDATE_SECRET;
    return shared
      ? createHmac('sha256', shared).update('contact form fill-time token').digest()
      : randomBytes(32);
  });
}

function sign(issuedAt: string): string {
  return createHmac('sha256', secret()).update(issuedAt).digest('base64url');
}

export function issueFormToken(now = Date.now()): string {
  const issuedAt = String(now);
  return `${issuedAt}.${sign(issuedAt)}`;
}

/** How long ago the form was shown, or null when the token is missing or not ours. */
export function formAgeMs(token: unknown, now = Date.now()): number | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [issuedAt, signature, ...rest] = token.split('.');
  if (!issuedAt || !signature || rest.length > 0 || !/^\d{1,15}$/.test(issuedAt)) return null;
  const expected = Buffer.from(sign(issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return now - Number(issuedAt);
}
