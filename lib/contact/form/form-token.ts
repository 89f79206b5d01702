import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';
import { processShared } from '@/lib/process-shared';

/**
 * The anti-spam fill-time token rendered with the form: the time the form counts as shown from,
 * signed (the render, or for a page nginx keeps the latest moment its copy may still be served:
 * lib/contact/form/render-values.ts). It is an
 * optional extra of the payload: a submission without it (or with a token this process cannot
 * verify, e.g. from before a restart) is not timed from the render (lib/contact/form/suspicion.ts).
 */

/**
 * The signing key. Several instances behind one proxy must recognise each other's tokens (a form
 * rendered by one is often posted to another), so the key is derived from the secret they all
 * share, REVALIDATE_SECRET, when it is set; otherwise each process draws its own.
 */
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
