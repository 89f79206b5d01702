import { describe, expect, it } from 'vitest';
import { articleHref, formatArticleDate } from './format';

describe('article dates and links', () => {
  it('formats the date column for the page language', () => {
    expect(formatArticleDate('2025-05-06', 'fr')).toBe('6 mai 2025');
    expect(formatArticleDate('2025-05-06', 'en')).toBe('6 May 2025');
    expect(formatArticleDate('2023-09-01', 'fr')).toBe('1er septembre 2023');
    expect(formatArticleDate('2023-09-01', 'en')).toBe('1 September 2023');
  });

  it('links articles as /{lang}/blog/{slug}', () => {
    expect(articleHref('fr', 'veille')).toBe('/fr/blog/veille');
    expect(articleHref('en', 'veille')).toBe('/en/blog/veille');
  });
});
