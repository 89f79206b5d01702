import 'server-only';
import { signedTokens, type TokenCheck } from '@/lib/signed-token';
import { UNCONFIRMED_KEEP_MS } from './store';

/**
 * The subscribers' links, each signed for its purpose alone (lib/signed-token.ts, keys from
 * REVALIDATE_SECRET). A confirmation link lasts as long as an unconfirmed address is kept; an
 * unsubscribe link never expires, so a letter read years later still lets its reader leave.
 */
export const CONFIRM_PATH = '/api/veille/confirmation';
export const UNSUBSCRIBE_PATH = '/api/veille/desinscription';
export const SUBSCRIBE_PATH = '/api/veille/inscription';

const confirmTokens = signedTokens('sorel-aubry letters confirmation link v1');
const unsubscribeTokens = signedTokens('sorel-aubry letters unsubscribe link v1');

const base = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** The link of a confirmation e-mail sent at `sentAt`. */
export function confirmUrl(siteUrl: string, subscriberId: string, sentAt: number, secret: string) {
  const token = confirmTokens.sign(subscriberId, sentAt + UNCONFIRMED_KEEP_MS, secret);
  return `${base(siteUrl)}${CONFIRM_PATH}/${token}`;
}

/** The link of every letter to this subscriber, in its footer and its List-Unsubscribe header. */
export function unsubscribeUrl(siteUrl: string, subscriberId: string, secret: string) {
  return `${base(siteUrl)}${UNSUBSCRIBE_PATH}/${unsubscribeTokens.sign(subscriberId, null, secret)}`;
}

export function checkConfirmToken(
  token: string,
  secret: string | undefined,
  now: number,
): TokenCheck {
  const check = confirmTokens.check(token, secret, now);
  return check.valid && check.expiresAt === null ? { valid: false, reason: 'invalid' } : check;
}

export function checkUnsubscribeToken(token: string, secret: string | undefined): TokenCheck {
  const check = unsubscribeTokens.check(token, secret, 0);
  return check.valid && check.expiresAt !== null ? { valid: false, reason: 'invalid' } : check;
}

/** The page the form without JavaScript is sent to: what happens next (lib/routing/pages.ts). */
export const SUBSCRIBE_NEXT_PATH = '/veille/demande-recue';
