/**
 * The technical session cookie of the cookie policy ('sa-session': session, necessary). It
 * remembers, until the browser closes, that the visitor closed the welcome screen (splash): the
 * server then leaves the splash out of the home page, so it can never flash.
 */
export const SESSION_COOKIE = 'sa-session';
export const SPLASH_SEEN = 'splash-seen';

/** The Set-Cookie string: no Expires or Max-Age, so the browser drops it when it closes. */
export function splashSeenCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=${SPLASH_SEEN}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether a Cookie header (or document.cookie) says the splash was closed in this session. */
export function splashSeenIn(cookieString: string): boolean {
  return cookieString.split(';').some((part) => part.trim() === `${SESSION_COOKIE}=${SPLASH_SEEN}`);
}
