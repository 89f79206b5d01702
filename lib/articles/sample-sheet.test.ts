import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGviz } from './gviz';
import { toArticles } from './normalise';

/** The sheet the site reads when no sheet is configured (README). */
const body = readFileSync(path.join(__dirname, 'sample-sheet.txt'), 'utf8');

describe('the embedded sample sheet', () => {
  const articles = toArticles(parseGviz(body));
  const published = articles.filter((article) => article.published);

  it('is gviz’s answer to the site’s question (headers=1): the header in the labels', () => {
    expect(body.startsWith('/*O_o*/\ngoogle.visualization.Query.setResponse(')).toBe(true);
    expect(body).toContain('"label":"titre"');
    expect(articles.map((article) => article.title)).not.toContain('titre');
    expect(articles.map((article) => article.title)).toContain(
      'Congés payés et arrêt maladie : ce que change la loi de 2024',
    );
  });

  it('uses each column after content_en, so that the Quick start shows them', () => {
    const authors = published.map((article) => article.authors);
    expect(authors).toContainEqual(['helene-sorel']);
    expect(authors).toContainEqual(['helene-sorel', 'julien-aubry']);
    expect(published.some((article) => article.lawStatedAt !== null)).toBe(true);
    expect(published.some((article) => article.publishAt !== null)).toBe(true);
  });

  it('has at least 6 published articles and drafts that stay hidden', () => {
    expect(published.length).toBeGreaterThanOrEqual(6);
    const drafts = articles.filter((article) => !article.published).map((a) => a.statut);
    expect(drafts).toEqual(
      expect.arrayContaining(['Brouillon', 'Non publié', 'En attente', 'Non']),
    );
  });

  it('has varied tags and one body with headings, lists and links', () => {
    expect(new Set(published.flatMap((article) => article.tags)).size).toBeGreaterThanOrEqual(5);
    expect(
      published.some(
        (article) =>
          /^## /m.test(article.content) &&
          /^- /m.test(article.content) &&
          /\]\(https:\/\//.test(article.content),
      ),
    ).toBe(true);
  });
});
