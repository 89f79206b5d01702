import { describe, expect, it } from 'vitest';
import { grantedCategories, needsConsentChoice } from './model';
import { saveConsent, type ConsentEnvironment } from './storage';

/**
 * A small stand-in for the browser's cookie store: keyed by name and domain, honours Max-Age
 * against its own clock, as a browser does, and drops a cookie once it has expired.
 */
class CookieJar {
  readonly cookies = new Map<
    string,
    { name: string; value: string; domain?: string; expiresAt: number; expires?: string }
  >();
  readonly writes: string[] = [];
  constructor(
    private readonly blocked = false,
    readonly clock: { now: number } = { now: Date.UTC(2025, 4, 6, 12) },
  ) {}

  get cookie(): string {
    return [...this.cookies.values()]
      .filter(({ expiresAt }) => expiresAt > this.clock.now)
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }

  set cookie(assignment: string) {
    this.writes.push(assignment);
    if (this.blocked) return;
    const [pair = '', ...attributes] = assignment.split('; ');
    const [name = '', value = ''] = pair.split('=');
    const domain = attributes.find((a) => a.startsWith('Domain='))?.slice('Domain='.length);
    const maxAge = Number(attributes.find((a) => a.startsWith('Max-Age='))?.slice(8));
    const expires = attributes.find((a) => a.startsWith('Expires='))?.slice('Expires='.length);
    const key = `${name}@${domain ?? ''}`;
    if (maxAge <= 0) this.cookies.delete(key);
    else
      this.cookies.set(key, {
        name,
        value,
        domain,
        expires,
        expiresAt: this.clock.now + maxAge * 1000,
      });
  }
}

function environment(jar: CookieJar, hostname = 'www.sorel-aubry-avocats.fr') {
  const events: string[] = [];
  const env: ConsentEnvironment = {
    document: jar,
    location: { protocol: 'https:', hostname },
    notify: () => events.push('change'),
  };
  return { env, events };
}

describe('saveConsent', () => {
  it('stores accepted with the chosen categories, for a year, Secure on https, and notifies', () => {
    const jar = new CookieJar();
    const { env, events } = environment(jar);
    expect(saveConsent('accepted', ['analytics'], env)).toBe(true);
    expect(jar.cookie).toBe(
      'cookieConsentCategories=necessary%2Canalytics; cookieConsent=accepted',
    );
    expect(jar.writes.every((w) => w.includes('Max-Age=31536000') && w.endsWith('Secure'))).toBe(
      true,
    );
    expect([...grantedCategories(jar.cookie)].sort()).toEqual(['analytics', 'necessary']);
    expect(events).toEqual(['change']);
  });

  it('returns false, and notifies nobody, when the browser drops the cookie', () => {
    const jar = new CookieJar(true);
    const { env, events } = environment(jar);
    expect(saveConsent('accepted', ['analytics'], env)).toBe(false);
    expect(saveConsent('dismissed', [], env)).toBe(false);
    expect(events).toEqual([]);
  });

  it('a refusal after an acceptance removes the analytics cookies on the host and parent domain', () => {
    const jar = new CookieJar();
    const { env } = environment(jar);
    saveConsent('accepted', ['analytics'], env);
    jar.cookie = '_ga=GA1.1.42; Path=/; Max-Age=100; Domain=sorel-aubry-avocats.fr';
    jar.cookie = '_ga_TEST1234=GS1.1; Path=/; Max-Age=100; Domain=sorel-aubry-avocats.fr';
    jar.cookie = '_ga=GA1.1.43; Path=/; Max-Age=100';
    jar.cookie = 'other=kept; Path=/; Max-Age=100';

    expect(saveConsent('dismissed', [], env)).toBe(true);
    expect(jar.cookie).toBe(
      'cookieConsentCategories=necessary; cookieConsent=dismissed; other=kept',
    );
  });

  it('a save without analytics also removes analytics cookies, and keeps the others', () => {
    const jar = new CookieJar();
    const { env } = environment(jar, '127.0.0.1');
    jar.cookie = '_ga=GA1.1.43; Path=/; Max-Age=100';
    expect(saveConsent('accepted', ['functional'], env)).toBe(true);
    expect(jar.cookie).toBe(
      'cookieConsentCategories=necessary%2Cfunctional; cookieConsent=accepted',
    );
  });
});

describe('a dismissal', () => {
  const DAY_MS = 86_400_000;

  it('silences the banner for one day from the moment it is given, then expires', () => {
    const clock = { now: Date.UTC(2025, 4, 6, 18, 30) };
    const jar = new CookieJar(false, clock);
    const { env } = environment(jar);
    expect(saveConsent('dismissed', [], { ...env, now: () => clock.now })).toBe(true);
    // Both lifetimes a browser may read (Max-Age, or Expires for older ones) say one day.
    const stored = [...jar.cookies.values()].find((c) => c.name === 'cookieConsent');
    expect(stored?.expires).toBe(new Date(clock.now + DAY_MS).toUTCString());
    expect(stored?.expiresAt).toBe(clock.now + DAY_MS);

    clock.now += DAY_MS - 1_000;
    expect(needsConsentChoice(jar.cookie)).toBe(false);
    clock.now += 1_000;
    expect(needsConsentChoice(jar.cookie)).toBe(true);
  });

  it('while an acceptance lasts a year', () => {
    const clock = { now: Date.UTC(2025, 4, 6, 18, 30) };
    const jar = new CookieJar(false, clock);
    const { env } = environment(jar);
    expect(saveConsent('accepted', ['analytics'], { ...env, now: () => clock.now })).toBe(true);
    clock.now += DAY_MS;
    expect(needsConsentChoice(jar.cookie)).toBe(false);
    clock.now += 364 * DAY_MS;
    expect(needsConsentChoice(jar.cookie)).toBe(true);
  });
});
