import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-table';

describe('matchRoute', () => {
  it.each(['', '/fr', '/en'])('knows every page under the prefix "%s"', (prefix) => {
    for (const path of [
      '/helene-sorel',
      '/julien-aubry',
      '/helene-sorel/vcard',
      '/julien-aubry/vcard',
      '/actualites',
      '/blog',
      '/mentions-legales',
      '/politique-confidentialite',
      '/politique-cookies',
    ]) {
      expect(matchRoute(`${prefix}${path}`)).toMatchObject({
        kind: 'page',
        rest: path,
        locale: prefix === '/en' ? 'en' : 'fr',
      });
    }
    expect(matchRoute(prefix || '/')).toMatchObject({ kind: 'page', rest: '/' });
  });

  it('recognises article addresses under both list paths', () => {
    expect(matchRoute('/en/blog/mon-article')).toEqual({
      kind: 'article',
      locale: 'en',
      rest: '/blog/mon-article',
      slug: 'mon-article',
    });
    expect(matchRoute('/actualites/x-2')).toEqual({
      kind: 'article',
      locale: 'fr',
      rest: '/actualites/x-2',
      slug: 'x-2',
    });
  });

  it('sends everything else to the not-found page in the language of the path', () => {
    expect(matchRoute('/en/nobody')).toEqual({ kind: 'not-found', locale: 'en' });
    expect(matchRoute('/fr/blog/a/b')).toEqual({ kind: 'not-found', locale: 'fr' });
    expect(matchRoute('/de/blog')).toEqual({ kind: 'not-found', locale: 'fr' });
    expect(matchRoute('/fr/introuvable')).toEqual({ kind: 'not-found', locale: 'fr' });
    expect(matchRoute('/en/article-indisponible')).toEqual({ kind: 'not-found', locale: 'en' });
    expect(matchRoute('/blog/%E0%A4%A')).toEqual({ kind: 'not-found', locale: 'fr' });
    expect(matchRoute('/en/someone-else/vcard')).toEqual({ kind: 'not-found', locale: 'en' });
  });
});
