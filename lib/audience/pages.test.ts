import { describe, expect, it } from 'vitest';
import { sitePages } from '@/lib/routing/pages';
import { kindOfSource, measuredPage } from './pages';

describe('measuredPage', () => {
  it('counts one page under one address in its language', () => {
    expect(measuredPage('/')).toEqual({ path: '/fr', kind: 'home', locale: 'fr' });
    expect(measuredPage('/fr/')).toEqual({ path: '/fr', kind: 'home', locale: 'fr' });
    expect(measuredPage('/en')).toEqual({ path: '/en', kind: 'home', locale: 'en' });
    expect(measuredPage('/helene-sorel')).toEqual({
      path: '/fr/helene-sorel',
      kind: 'profile',
      locale: 'fr',
    });
    expect(measuredPage('/actualites')).toEqual({ path: '/fr/blog', kind: 'list', locale: 'fr' });
    expect(measuredPage('/en/blog')).toEqual({ path: '/en/blog', kind: 'list', locale: 'en' });
    expect(measuredPage('/en/politique-cookies')).toEqual({
      path: '/en/politique-cookies',
      kind: 'legal',
      locale: 'en',
    });
  });

  it('counts an article under /{lang}/blog/{slug}, whichever address it was read at', () => {
    for (const address of ['/actualites/note', '/fr/blog/note', '/fr/actualites/note'])
      expect(measuredPage(address)).toEqual({
        path: '/fr/blog/note',
        kind: 'article',
        locale: 'fr',
        slug: 'note',
      });
  });

  it('finds no page at an unknown address nor at a contact card', () => {
    expect(measuredPage('/nimporte-quoi')).toBeNull();
    expect(measuredPage('/fr/helene-sorel/vcard')).toBeNull();
    expect(measuredPage('/fr/blog/a/b')).toBeNull();
  });
});

describe('kindOfSource', () => {
  it('gives every page of the site a kind, or says it is no page for a reader', () => {
    for (const page of sitePages) expect(kindOfSource, page.path).toHaveProperty([page.source]);
  });
});
