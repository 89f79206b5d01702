import { describe, expect, it } from 'vitest';
import { firm } from '@/lib/content/firm';
import { legalServiceJsonLd, serializeJsonLd } from '@/lib/seo/json-ld';
import { articlesBreadcrumbJsonLd, blogPostingJsonLd } from './json-ld';

describe('JSON-LD of the articles', () => {
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
});
