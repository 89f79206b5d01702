import { describe, expect, it } from 'vitest';
import { gvizBody, type SheetRow } from '@/harness/sheet-server';
import { parseGviz } from './gviz';
import { readSheet } from './normalise';
import { relatedArticles } from './related';

const published = (rows: SheetRow[]) =>
  readSheet(parseGviz(gvizBody(rows.map((row) => ({ statut: 'Publié', contenu: 'x', ...row })))))
    .published;
const related = (rows: SheetRow[], title: string) => {
  const articles = published(rows);
  const article = articles.find((a) => a.title === title);
  return relatedArticles(article!, articles).map((a) => a.title);
};

describe('related articles', () => {
  const rows: SheetRow[] = [
    { titre: 'Cible', tags: 'Congés, Maladie, Paie' },
    { titre: 'Deux tags, ancien', tags: 'Congés, Maladie', date: 'Date(2022,0,1)' },
    { titre: 'Un tag, récent', tags: 'Paie', date: 'Date(2025,0,1)' },
    { titre: 'Un tag, moyen', tags: 'Congés, Rupture', date: 'Date(2024,0,1)' },
    { titre: 'Un tag, ancien', tags: 'Maladie', date: 'Date(2021,0,1)' },
    { titre: 'Aucun tag commun', tags: 'Rupture', date: 'Date(2025,6,1)' },
    { titre: 'Sans tag', date: 'Date(2025,6,1)' },
  ];

  it('shows the three sharing the most tags, newest first among equals', () => {
    expect(related(rows, 'Cible')).toEqual([
      'Deux tags, ancien',
      'Un tag, récent',
      'Un tag, moyen',
    ]);
  });

  it('shows fewer than three when fewer share a tag, and never the article itself', () => {
    expect(related(rows, 'Aucun tag commun')).toEqual(['Un tag, moyen']);
  });

  it('shows nothing for an article without tags, or whose tags no other has', () => {
    expect(related(rows, 'Sans tag')).toEqual([]);
    expect(
      related(
        [
          { titre: 'Seul', tags: 'Unique' },
          { titre: 'Autre', tags: 'Autre' },
        ],
        'Seul',
      ),
    ).toEqual([]);
  });

  it('breaks a tie of date by title, as the list does', () => {
    const tied: SheetRow[] = [
      { titre: 'Cible', tags: 'A' },
      { titre: 'Bravo', tags: 'A', date: 'Date(2024,0,1)' },
      { titre: 'Alpha', tags: 'A', date: 'Date(2024,0,1)' },
    ];
    expect(related(tied, 'Cible')).toEqual(['Alpha', 'Bravo']);
  });
});
