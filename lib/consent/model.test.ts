import { describe, expect, it } from 'vitest';
import {
  analyticsCookieNames,
  consentCookies,
  cookieAssignment,
  cookieDomainsFor,
  grantedCategories,
  needsConsentChoice,
  storedConsentStatus,
} from './model';

describe('storedConsentStatus / needsConsentChoice', () => {
  it('reads accepted and dismissed, and nothing else', () => {
    expect(storedConsentStatus('a=1; cookieConsent=accepted')).toBe('accepted');
    expect(storedConsentStatus('cookieConsent=dismissed; b=2')).toBe('dismissed');
    expect(storedConsentStatus('cookieConsent=maybe')).toBeUndefined();
    expect(storedConsentStatus('')).toBeUndefined();
    expect(storedConsentStatus('xcookieConsent=accepted')).toBeUndefined();
  });

  it('asks again only when no choice is in force', () => {
    expect(needsConsentChoice('')).toBe(true);
    expect(needsConsentChoice('cookieConsentCategories=necessary')).toBe(true);
    expect(needsConsentChoice('cookieConsent=accepted')).toBe(false);
    expect(needsConsentChoice('cookieConsent=dismissed')).toBe(false);
  });
});

describe('grantedCategories', () => {
  it('grants only the necessary ones on silence or refusal', () => {
    expect([...grantedCategories('')]).toEqual(['necessary']);
    expect([
      ...grantedCategories('cookieConsent=dismissed; cookieConsentCategories=analytics'),
    ]).toEqual(['necessary']);
  });

  it('grants the stored categories once accepted, ignoring unknown ones', () => {
    const granted = grantedCategories(
      'cookieConsent=accepted; cookieConsentCategories=necessary%2Canalytics%2Cspying',
    );
    expect([...granted].sort()).toEqual(['analytics', 'necessary']);
  });
});

describe('cookieAssignment', () => {
  const now = Date.UTC(2025, 4, 6, 12, 0, 0);

  it('sets Path, SameSite=Lax, lifetime, and Secure only on https', () => {
    const value = cookieAssignment('cookieConsent', 'accepted', { days: 365, secure: false, now });
    expect(value.split('; ')).toEqual([
      'cookieConsent=accepted',
      'Path=/',
      'SameSite=Lax',
      `Max-Age=${365 * 86_400}`,
      `Expires=${new Date(now + 365 * 86_400_000).toUTCString()}`,
    ]);
    expect(cookieAssignment('cookieConsent', 'dismissed', { days: 1, secure: true, now })).toMatch(
      /; Max-Age=86400; Expires=Wed, 07 May 2025 12:00:00 GMT; Secure$/,
    );
  });

  it('encodes the value and deletes with a past date and a domain', () => {
    const value = cookieAssignment('c', 'necessary,analytics', { days: 1, secure: false, now });
    expect(value.startsWith('c=necessary%2Canalytics;')).toBe(true);
    expect(cookieAssignment('_ga', '', { days: 0, secure: false, domain: 'example.fr' })).toBe(
      '_ga=; Path=/; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Domain=example.fr',
    );
  });
});

describe('consentCookies', () => {
  it('keeps the ticked categories, in a stable order, always with the necessary', () => {
    expect(consentCookies('accepted', ['analytics', 'functional'])).toEqual({
      status: 'accepted',
      categories: 'necessary,functional,analytics',
      days: 365,
    });
    expect(consentCookies('accepted', []).categories).toBe('necessary');
  });

  it('a refusal keeps only the necessary, for one day', () => {
    expect(consentCookies('dismissed', ['analytics'])).toEqual({
      status: 'dismissed',
      categories: 'necessary',
      days: 1,
    });
  });
});

describe('analyticsCookieNames', () => {
  it('finds _ga, _ga_<container>, _gid and _gat, nothing else', () => {
    expect(
      analyticsCookieNames(
        '_ga=GA1.1.1; _ga_TEST1234=GS1; cookieConsent=accepted; _gid=1; _gat_UA=1; _gallery=x; ga=1',
      ),
    ).toEqual(['_ga', '_ga_TEST1234', '_gid', '_gat_UA']);
    expect(analyticsCookieNames('')).toEqual([]);
  });
});

describe('cookieDomainsFor', () => {
  it('lists the host and each parent domain down to two labels', () => {
    expect(cookieDomainsFor('www.sorel-aubry-avocats.fr')).toEqual([
      undefined,
      'www.sorel-aubry-avocats.fr',
      'sorel-aubry-avocats.fr',
    ]);
  });

  it('has no domain form for IP addresses or single-label hosts', () => {
    expect(cookieDomainsFor('127.0.0.1')).toEqual([undefined]);
    expect(cookieDomainsFor('localhost')).toEqual([undefined]);
    expect(cookieDomainsFor('::1')).toEqual([undefined]);
  });
});
