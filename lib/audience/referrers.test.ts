import { describe, expect, it } from 'vitest';
import { normaliseHost, referrerSource } from './referrers';

const own = ['www.sorel-aubry-avocats.fr', '127.0.0.1:3000'];

describe('referrerSource', () => {
  it('groups search engines by name, whatever their country or subdomain', () => {
    for (const host of ['www.google.fr', 'google.com', 'www.google.co.uk', 'news.google.com'])
      expect(referrerSource(host, own)).toEqual({ kind: 'search', name: 'Google' });
    expect(referrerSource('com.google.android.googlequicksearchbox', own)).toEqual({
      kind: 'search',
      name: 'Google',
    });
    expect(referrerSource('www.bing.com', own)).toEqual({ kind: 'search', name: 'Bing' });
    expect(referrerSource('lite.qwant.com', own)).toEqual({ kind: 'search', name: 'Qwant' });
    expect(referrerSource('duckduckgo.com', own)).toEqual({ kind: 'search', name: 'DuckDuckGo' });
    expect(referrerSource('fr.search.yahoo.com', own)).toEqual({ kind: 'search', name: 'Yahoo' });
  });

  it('names any other site by its host, without www, in lower case', () => {
    expect(referrerSource('www.LinkedIn.com', own)).toEqual({ kind: 'site', host: 'linkedin.com' });
    expect(referrerSource('lnkd.in', own)).toEqual({ kind: 'site', host: 'lnkd.in' });
    // Not Google: a look-alike host.
    expect(referrerSource('google.example.com', own)).toEqual({
      kind: 'site',
      host: 'google.example.com',
    });
    expect(referrerSource('notgoogle.fr', own)).toEqual({ kind: 'site', host: 'notgoogle.fr' });
  });

  it('tells a page read after another (own host, with or without www or port) from a direct visit', () => {
    expect(referrerSource('www.sorel-aubry-avocats.fr', own)).toEqual({ kind: 'internal' });
    expect(referrerSource('sorel-aubry-avocats.fr', own)).toEqual({ kind: 'internal' });
    expect(referrerSource('127.0.0.1', own)).toEqual({ kind: 'internal' });
    expect(referrerSource('', own)).toEqual({ kind: 'direct' });
  });

  it('refuses what is not a host name', () => {
    for (const host of ['https://x.fr/', 'a b', 'x..fr', '-x.fr', '[::1]', 'é.fr', 'x.fr/path'])
      expect(referrerSource(host, own), host).toBeNull();
    expect(normaliseHost('a'.repeat(254))).toBeNull();
  });
});
