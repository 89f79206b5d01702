import { describe, expect, it } from 'vitest';
import { splashSeenCookie, splashSeenIn } from './session-cookie';

describe('the session cookie that remembers the closed splash', () => {
  it('is a session cookie for the whole site, Lax, Secure only over https', () => {
    expect(splashSeenCookie(false)).toBe('sa-session=splash-seen; Path=/; SameSite=Lax');
    expect(splashSeenCookie(true)).toBe('sa-session=splash-seen; Path=/; SameSite=Lax; Secure');
    expect(splashSeenCookie(true)).not.toMatch(/expires|max-age/i);
  });

  it('is recognised among the other cookies, and only with its value', () => {
    expect(splashSeenIn('cookieConsent=accepted; sa-session=splash-seen')).toBe(true);
    expect(splashSeenIn('sa-session=splash-seen')).toBe(true);
    expect(splashSeenIn('')).toBe(false);
    expect(splashSeenIn('sa-session=other')).toBe(false);
    expect(splashSeenIn('x-sa-session=splash-seen')).toBe(false);
  });
});
