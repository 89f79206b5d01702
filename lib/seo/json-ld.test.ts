import { describe, expect, it } from 'vitest';
import { partners } from '@/lib/content/firm';
import { firm } from '@/lib/content/firm';
import {
  articlesBreadcrumbJsonLd,
  blogPostingJsonLd,
  breadcrumbJsonLd,
  legalServiceJsonLd,
  personJsonLd,
  serializeJsonLd,
} from './json-ld';

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

  it('describes an article as a BlogPosting of the firm, at its canonical address', () => {
    const data = blogPostingJsonLd(
      {
        slug: 'veille-sociale',
        title: 'Veille sociale',
        content: 'Texte',
        imageUrl: '',
        resume: 'Résumé',
        categorie: '',
        statut: 'publié',
        published: true,
        tags: ['Cadres'],
        title_en: 'Employment update',
        summary_en: 'Summary',
        content_en: 'Text',
        date: '2025-05-06',
        sortDate: '2025-05-06',
        authors: [],
        lawStatedAt: null,
        publishAt: null,
      },
      'en',
    );
    const firmBlock = legalServiceJsonLd('en');
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Employment update',
      inLanguage: 'en-GB',
      datePublished: '2025-05-06',
      // No author named in the sheet: the firm signs it.
      author: { '@id': firmBlock['@id'], name: firm.name },
      publisher: { '@id': firmBlock['@id'], name: firm.name },
    });
    expect(data.url).toMatch(/\/en\/blog\/veille-sociale$/);
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

  it('names the news breadcrumbs as the pages show them: Home > News > the article', () => {
    // The list's canonical address is /blog, whether it is read at /actualites or /blog.
    const list = JSON.parse(serializeJsonLd(articlesBreadcrumbJsonLd('fr')));
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Accueil', item: expect.stringMatching(/\/fr$/) },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Actualités',
        item: expect.stringMatching(/[^/]\/fr\/blog$/),
      },
    ]);
    const article = articlesBreadcrumbJsonLd('en', {
      title: 'Paid leave and sick leave',
      slug: 'conges-payes-et-arret-maladie',
    });
    expect(article.itemListElement).toEqual([
      expect.objectContaining({ position: 1, name: 'Home', item: expect.stringMatching(/\/en$/) }),
      expect.objectContaining({
        position: 2,
        name: 'News',
        item: expect.stringMatching(/[^/]\/en\/blog$/),
      }),
      expect.objectContaining({
        position: 3,
        name: 'Paid leave and sick leave',
        item: expect.stringMatching(/[^/]\/en\/blog\/conges-payes-et-arret-maladie$/),
      }),
    ]);
  });

  it('cannot be broken out of its script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>');
  });
});
