import { describe, expect, it } from 'vitest';
import { gvizBody, type SheetRow } from '@/harness/sheet-server';
import { parseGviz } from './gviz';
import { readSheet } from './normalise';
import { dateModified, datePublished, isOnline, onlineArticles, timedIssues } from './publication';

const read = (rows: SheetRow[]) => readSheet(parseGviz(gvizBody(rows, { shape: 'labels' })));
const at = (iso: string) => Date.parse(iso);

/** A row published on Monday 12 May 2025 at 08:00, Paris time (06:00 UTC). */
const scheduled: SheetRow = {
  titre: 'Note du lundi',
  contenu: 'x',
  statut: 'Publié',
  date: 'Date(2025,4,9)',
  publier_le: 'Date(2025,4,12,8,0,0)',
};

describe('scheduled publication, on a frozen clock', () => {
  const [article] = read([scheduled]).published;

  it('keeps a published row out of sight until its publier_le, then shows it with no new read', () => {
    expect(article?.publishAt).toBe('2025-05-12T08:00:00+02:00');
    expect(isOnline(article!, at('2025-05-12T05:59:59.999Z'))).toBe(false);
    expect(isOnline(article!, at('2025-05-12T06:00:00Z'))).toBe(true);
    expect(isOnline(article!, at('2026-01-01T00:00:00Z'))).toBe(true);
  });

  it('never puts online a row whose statut does not publish, whatever its publier_le', () => {
    const [draft] = read([{ ...scheduled, statut: 'Brouillon' }]).articles;
    expect(isOnline(draft!, at('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('hides nothing for a publier_le in the past, empty or unreadable', () => {
    const rows = read([
      { ...scheduled, titre: 'Passée', publier_le: 'Date(2020,0,1,8,0,0)' },
      { ...scheduled, titre: 'Vide', publier_le: null },
      { ...scheduled, titre: 'Illisible', publier_le: 'lundi prochain' },
      { ...scheduled, titre: 'Booléen', publier_le: true },
      { ...scheduled, titre: 'Erreur', publier_le: { v: null, f: '#REF!' } },
      { ...scheduled, titre: 'Programmée' },
    ]);
    const titles = onlineArticles(rows.published, at('2025-05-10T12:00:00Z')).map((a) => a.title);
    expect(titles.sort()).toEqual(['Booléen', 'Erreur', 'Illisible', 'Passée', 'Vide']);
  });

  it('says "scheduled" in the report until the time comes', () => {
    expect(timedIssues(article!, at('2025-05-12T05:59:00Z'))).toEqual([
      { kind: 'scheduled', publishAt: '2025-05-12T08:00:00+02:00' },
    ]);
    expect(timedIssues(article!, at('2025-05-12T06:00:00Z'))).toEqual([]);
  });

  it('warns of an a_jour_au later than today in Paris', () => {
    const [dated] = read([
      { ...scheduled, publier_le: null, a_jour_au: 'Date(2025,4,12)' },
    ]).published;
    // 11 May, 23:30 in Paris.
    expect(timedIssues(dated!, at('2025-05-11T21:30:00Z'))).toEqual([
      { kind: 'law-date-future', lawStatedAt: '2025-05-12' },
    ]);
    // 12 May, 00:30 in Paris, still 11 May in UTC.
    expect(timedIssues(dated!, at('2025-05-11T22:30:00Z'))).toEqual([]);
  });
});

describe('the dates search engines read', () => {
  it('datePublished is publier_le when set, else the date; dateModified is a_jour_au, else that', () => {
    const [withAll, plain, none] = read([
      { ...scheduled, titre: 'A 2025-05-30', a_jour_au: 'Date(2025,5,1)' },
      { ...scheduled, titre: 'B 2025-05-20', publier_le: null },
      { titre: 'C', statut: 'Publié' },
    ]).published;
    expect([datePublished(withAll!), dateModified(withAll!)]).toEqual([
      '2025-05-12T08:00:00+02:00',
      '2025-06-01',
    ]);
    expect([datePublished(plain!), dateModified(plain!)]).toEqual(['2025-05-09', '2025-05-09']);
    expect([datePublished(none!), dateModified(none!)]).toEqual([null, null]);
  });
});
