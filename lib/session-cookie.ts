/**
 * Remembers until the browser closes that the splash was closed: the server leaves it out of the
 * home page, so it never flashes.
 */
export const SESSION_COOKIE = 'sa-session';
export const SPLASH_SEEN = 'splash-seen';

/** No Expires: the browser drops it when it closes. */
export function splashSeenCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=${SPLASH_SEEN}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function splashSeenIn(cookieString: string): boolean {
  return cookieString.split(';').some((part) => part.trim() === `${SESSION_COOKIE}=${SPLASH_SEEN}`);
}
