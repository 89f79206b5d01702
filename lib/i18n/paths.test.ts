import { describe, expect, it } from 'vitest';
import {
  homeSectionHref,
  localeOfPath,
  localizedPath,
  partnerHref,
  splitPath,
  toggleHref,
} from './paths';

describe('toggleHref', () => {
  it.each([
    ['/', '/en'],
    ['/fr', '/en'],
    ['/en', '/fr'],
    ['/fr/', '/en'],
    ['/en/', '/fr'],
    ['/fr#contact', '/en'],
  ])('sends home %s to the other home %s', (from, to) => {
    expect(toggleHref(from)).toBe(to);
  });

  it.each([
    ['/fr/mentions-legales', '/en/mentions-legales'],
    ['/en/politique-cookies', '/fr/politique-cookies'],
    ['/fr/blog/mon-article', '/en/blog/mon-article'],
    ['/en/helene-sorel#contact', '/fr/helene-sorel#contact'],
    ['/fr/politique-confidentialite#droits', '/en/politique-confidentialite#droits'],
  ])('swaps the prefix of %s keeping the rest and anchor: %s', (from, to) => {
    expect(toggleHref(from)).toBe(to);
  });

  it.each([
    ['/actualites', '/en/actualites'],
    ['/julien-aubry#x', '/en/julien-aubry#x'],
    ['/blog/slug', '/en/blog/slug'],
  ])('adds the new prefix to the unprefixed path %s: %s', (from, to) => {
    expect(toggleHref(from)).toBe(to);
  });

  it.each([
    ['/fr/blog?tag=Cadres', '/en/blog?tag=Cadres'],
    ['/actualites?tag=Cadres&page=2#liste', '/en/actualites?tag=Cadres&page=2#liste'],
    ['/en/blog?', '/fr/blog'],
    ['/fr?utm_source=x', '/en'],
  ])('keeps the query of %s with the rest: %s', (from, to) => {
    expect(toggleHref(from)).toBe(to);
  });

  it('does not mistake a path that merely starts with the letters of a locale', () => {
    expect(toggleHref('/english-page')).toBe('/en/english-page');
    expect(toggleHref('/frais')).toBe('/en/frais');
  });
});

describe('path helpers', () => {
  it('reads the language from the path: English only under /en', () => {
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/en/blog')).toBe('en');
    expect(localeOfPath('/')).toBe('fr');
    expect(localeOfPath('/fr/blog')).toBe('fr');
    expect(localeOfPath('/english')).toBe('fr');
  });

  it('splits prefix, rest and hash', () => {
    expect(splitPath('/en/blog#top')).toEqual({ prefix: 'en', rest: '/blog', hash: '#top' });
    expect(splitPath('/blog')).toEqual({ prefix: null, rest: '/blog', hash: '' });
  });

  it('prefixes links with /fr or /en', () => {
    expect(localizedPath('fr', '/')).toBe('/fr');
    expect(localizedPath('en', '/actualites')).toBe('/en/actualites');
    expect(localizedPath('en', 'blog')).toBe('/en/blog');
  });

  it('builds home section links and partner links', () => {
    expect(homeSectionHref('en', 'a-propos')).toBe('/en/#a-propos');
    expect(partnerHref('fr', '/helene-sorel')).toBe('/helene-sorel');
    expect(partnerHref('en', '/helene-sorel')).toBe('/en/helene-sorel');
  });
});
