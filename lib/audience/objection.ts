/**
 * The one thing the measurement remembers, in a necessary cookie: without it the objection would
 * be forgotten at the next page.
 */
import { OBJECTION_COOKIE } from '@/lib/consent/objection';

export const OBJECTION_VALUE = 'objection';
/** As long as the cookie choice (lib/consent/model.ts): within the CNIL's 13 months. */
export const OBJECTION_DAYS = 365;

export function objectsInCookies(cookieString: string): boolean {
  return cookieString
    .split(';')
    .some((part) => part.trim() === `${OBJECTION_COOKIE}=${OBJECTION_VALUE}`);
}

export function objectionCookie(objecting: boolean, secure: boolean): string {
  const lifetime = objecting
    ? `Max-Age=${OBJECTION_DAYS * 86_400}`
    : 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  const value = objecting ? OBJECTION_VALUE : '';
  return `${OBJECTION_COOKIE}=${value}; Path=/; SameSite=Lax; ${lifetime}${secure ? '; Secure' : ''}`;
}
