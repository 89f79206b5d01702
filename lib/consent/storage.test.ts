import { describe, expect, it } from 'vitest';
import { grantedCategories } from './model';
import { saveConsent, type ConsentEnvironment } from './storage';

/** A small stand-in for the browser's cookie store: keyed by name and domain, honours Max-Age. */
class CookieJar {
  readonly cookies = new Map<string, { name: string; value: string; domain?: string }>();
  readonly writes: string[] = [];
  constructor(private readonly blocked = false) {}

  get cookie(): string {
    return [...this.cookies.values()].map(({ name, value }) => `${name}=${value}`).join('; ');
  }

  set cookie(assignment: string) {
    this.writes.push(assignment);
    if (this.blocked) return;
    const [pair = '', ...attributes] = assignment.split('; ');
    const [name = '', value = ''] = pair.split('=');
    const domain = attributes.find((a) => a.startsWith('Domain='))?.slice('Domain='.length);
    const maxAge = Number(attributes.find((a) => a.startsWith('Max-Age='))?.slice(8));
    const key = `${name}@${domain ?? ''}`;
    if (maxAge <= 0) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, domain });
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
