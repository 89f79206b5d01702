import { describe, expect, it } from 'vitest';
import { partners } from '@/lib/content/firm';
import { breadcrumbJsonLd, legalServiceJsonLd, personJsonLd, serializeJsonLd } from './json-ld';

describe('JSON-LD', () => {
  it('describes the firm as a LegalService with its founders', () => {
    const data = JSON.parse(serializeJsonLd(legalServiceJsonLd('en')));
    expect(data['@type']).toBe('LegalService');
    expect(data.name).toBe('Sorel Aubry Avocats');
    expect(data.address).toMatchObject({ postalCode: '75008', addressLocality: 'Paris' });
    expect(data.telephone).toBe('+33 1 99 00 24 00');
    expect(data.founder.map((f: { name: string }) => f.name)).toEqual([
      'Hélène Sorel',
      'Julien Aubry',
    ]);
    expect(data.url).toMatch(/\/en$/);
  });

  it('describes each partner as a Person working for the firm', () => {
    const [, julien] = partners;
    if (!julien) throw new Error('no partner');
    const data = personJsonLd(julien, 'fr');
    expect(data).toMatchObject({
      '@type': 'Person',
      name: 'Julien Aubry',
      jobTitle: 'Avocat associé fondateur',
      sameAs: ['https://www.linkedin.com/in/julien-aubry-avocat'],
      knowsLanguage: ['fr', 'en'],
    });
    expect(data.alumniOf).toEqual([
      { '@type': 'CollegeOrUniversity', name: 'Université Paris-Nanterre' },
      { '@type': 'CollegeOrUniversity', name: 'Université de Montpellier' },
    ]);
    expect((data.worksFor as { '@id': string })['@id']).toBe(legalServiceJsonLd('fr')['@id']);
  });

  it('numbers breadcrumb items from 1 with absolute addresses', () => {
    const data = breadcrumbJsonLd('en', [
      { name: 'Home', path: '/' },
      { name: 'Legal notice', path: '/mentions-legales' },
    ]);
    expect(data.itemListElement).toEqual([
      expect.objectContaining({
        position: 1,
        item: expect.stringMatching(/^https?:\/\/[^/]+\/en$/),
      }),
      expect.objectContaining({
        position: 2,
        item: expect.stringMatching(/\/en\/mentions-legales$/),
      }),
    ]);
  });

  it('cannot be broken out of its script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>');
  });
});
