import { describe, expect, it } from 'vitest';
import { clientAddress, CONNECTION_ADDRESS_HEADER } from './client-address';
import { isSameSiteRequest } from './origin';
import { acceptLanguageLocale } from './request-locale';

const site = 'https://www.sorel-aubry-avocats.fr';

describe('client address for the rate limit', () => {
  const headers = new Headers({
    'x-forwarded-for': '1.1.1.1, 2.2.2.2',
    [CONNECTION_ADDRESS_HEADER]: '10.0.0.5',
  });
  it('is the connection address unless the proxy is trusted', () => {
    expect(clientAddress(headers, false)).toBe('10.0.0.5');
  });
  it('is the last X-Forwarded-For hop behind a trusted proxy', () => {
    expect(clientAddress(headers, true)).toBe('2.2.2.2');
    expect(clientAddress(new Headers({ [CONNECTION_ADDRESS_HEADER]: '10.0.0.5' }), true)).toBe(
      '10.0.0.5',
    );
  });
});

describe('same-site check', () => {
  const request = (headers: Record<string, string>) =>
    new Headers({ host: 'localhost:3000', ...headers });
  it('accepts no Origin, the own origin and SITE_URL', () => {
    expect(isSameSiteRequest(request({}), site)).toBe(true);
    expect(isSameSiteRequest(request({ origin: 'http://localhost:3000' }), site)).toBe(true);
    expect(isSameSiteRequest(request({ origin: site }), site)).toBe(true);
  });
  it('refuses another origin, an opaque one, and a cross-site fetch without Origin', () => {
    expect(isSameSiteRequest(request({ origin: 'https://evil.example' }), site)).toBe(false);
    expect(isSameSiteRequest(request({ origin: 'null' }), site)).toBe(false);
    expect(isSameSiteRequest(request({ origin: 'http://localhost:3001' }), site)).toBe(false);
    expect(isSameSiteRequest(request({ 'sec-fetch-site': 'cross-site' }), site)).toBe(false);
  });
});

describe('answer language', () => {
  it('follows the first Accept-Language, French by default', () => {
    expect(acceptLanguageLocale('fr-CA,en;q=0.8')).toBe('fr');
    expect(acceptLanguageLocale('en-US,fr;q=0.8')).toBe('en');
    expect(acceptLanguageLocale('de')).toBe('en');
    expect(acceptLanguageLocale(null)).toBe('fr');
  });
});
