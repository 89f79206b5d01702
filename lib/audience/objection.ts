/**
 * A visitor's objection to the audience measurement (docs/behaviour.md, Audience measurement):
 * the one thing the measurement remembers, in a necessary cookie, since without it the objection
 * would be forgotten at the next page. Set by the cookie policy's form (a plain POST, so it works
 * without JavaScript) and read by the page's script, the receiver and nginx's page cache.
 */
import { OBJECTION_COOKIE } from '@/lib/consent/objection';

export const OBJECTION_VALUE = 'objection';
/** As long as the cookie choice (lib/consent/model.ts): within the CNIL's 13 months. */
export const OBJECTION_DAYS = 365;

/** Whether a Cookie header (or document.cookie) holds the objection, as the browser reads it. */
export function objectsInCookies(cookieString: string): boolean {
  return cookieString
    .split(';')
    .some((part) => part.trim() === `${OBJECTION_COOKIE}=${OBJECTION_VALUE}`);
}

/** The Set-Cookie value that records an objection, or (withdrawn) deletes it. */
export function objectionCookie(objecting: boolean, secure: boolean): string {
  const lifetime = objecting
    ? `Max-Age=${OBJECTION_DAYS * 86_400}`
    : 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  const value = objecting ? OBJECTION_VALUE : '';
  return `${OBJECTION_COOKIE}=${value}; Path=/; SameSite=Lax; ${lifetime}${secure ? '; Secure' : ''}`;
}
