import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The anti-spam fill-time token rendered with the form: the render time, signed. It is an
 * optional extra of the payload: a submission without it (or with a token this process cannot
 * verify, e.g. from before a restart) is judged by validation and the rate limit alone.
 */
export const MIN_FILL_TIME_MS = 3_000;

const SECRET_KEY = Symbol.for('sorel-aubry.contact.form-token-secret');

function secret(): Buffer {
  const holder = globalThis as { [SECRET_KEY]?: Buffer };
  holder[SECRET_KEY] ??= randomBytes(32);
  return holder[SECRET_KEY];
}

function sign(issuedAt: string): string {
  return createHmac('sha256', secret()).update(issuedAt).digest('base64url');
}

export function issueFormToken(now = Date.now()): string {
  const issuedAt = String(now);
  return `${issuedAt}.${sign(issuedAt)}`;
}

/** How long ago the form was rendered, or null when the token is missing or not ours. */
export function formAgeMs(token: unknown, now = Date.now()): number | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [issuedAt, signature, ...rest] = token.split('.');
  if (!issuedAt || !signature || rest.length > 0 || !/^\d{1,15}$/.test(issuedAt)) return null;
  const expected = Buffer.from(sign(issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return now - Number(issuedAt);
}
