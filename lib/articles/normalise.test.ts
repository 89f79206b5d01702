import { describe, expect, it } from 'vitest';
import { gvizBody, type SheetCell } from '@/harness/sheet-server';
import { columns } from './columns';
import { dateInText } from './dates';
import { parseGviz } from './gviz';
import { readSheet, toArticles } from './normalise';

const fromSheet = (rows: Parameters<typeof gvizBody>[0]) => toArticles(parseGviz(gvizBody(rows)));

describe('toArticles', () => {
  it('normalises every field, with English falling back to French', () => {
    const [article] = fromSheet([
      {
        titre: ' Congés payés ',
        resume: 'Résumé',
        contenu: '# Texte',
        categorie: 'Temps de travail',
        statut: 'Publié',
        date: 'Date(2024,3,25)',
        tags: ' Congés payés , Santé au travail,, ',
      },
    ]);
    expect(article).toMatchObject({
      slug: 'conges-payes',
      title: 'Congés payés',
      resume: 'Résumé',
      content: '# Texte',
      categorie: 'Temps de travail',
      statut: 'Publié',
      published: true,
      tags: ['Congés payés', 'Santé au travail'],
      title_en: 'Congés payés',
      summary_en: 'Résumé',
      content_en: '# Texte',
      date: '2024-04-25',
      imageUrl: '/images/article-fallback-1.jpg',
    });
  });

  it('keeps English texts when given, and defaults an empty statut to En attente', () => {
    const [article] = fromSheet([
      {
        titre: 'Titre',
        title_en: 'Title',
        summary_en: 'Summary',
        content_en: 'Body',
        statut: null,
      },
    ]);
    expect(article?.title_en).toBe('Title');
    expect(article?.summary_en).toBe('Summary');
    expect(article?.content_en).toBe('Body');
    expect(article?.statut).toBe('En attente');
    expect(article?.published).toBe(false);
  });

  it('reads numbers and booleans in text columns and statut', () => {
    const [first, second] = fromSheet([
      { titre: 2025, statut: true, tags: 'A' },
      { titre: 'B', statut: 0, tags: 'B' },
    ]).sort((a, b) => a.title.localeCompare(b.title));
    expect(first).toMatchObject({ title: '2025', slug: '2025', published: true, statut: 'true' });
    expect(second).toMatchObject({ published: false, statut: '0' });
  });

  it('uses the fallback images in turn by sheet row index', () => {
    const articles = fromSheet([
      { titre: 'A' },
      { titre: 'B', image: 'https://images.unsplash.com/photo-1' },
      { titre: 'C' },
      { titre: 'D' },
    ]);
    const image = (title: string) => articles.find((a) => a.title === title)?.imageUrl;
    expect(image('A')).toBe('/images/article-fallback-1.jpg');
    expect(image('B')).toBe('https://images.unsplash.com/photo-1?w=1200&q=80');
    expect(image('C')).toBe('/images/article-fallback-1.jpg');
    expect(image('D')).toBe('/images/article-fallback-2.jpg');
  });

  it('skips rows without a title and suffixes repeated slugs by position', () => {
    const articles = fromSheet([{ titre: 'Veille' }, {}, { titre: 'Veille' }]);
    expect(articles.map((a) => a.slug).sort()).toEqual(['veille', 'veille-3']);
  });

  it('sorts by the date in the title, else the date column, newest first, then by title', () => {
    const titles = fromSheet([
      { titre: 'Sans date' },
      { titre: 'Veille du 06/05/2025', date: 'Date(2020,0,1)' },
      { titre: 'Note B', date: 'Date(2025,0,10)' },
      { titre: 'Note A', date: 'Date(2025,0,10)' },
      { titre: 'Bilan 2024-12-31' },
      { titre: 'Point du 1er juin 2025' },
      { titre: 'Autre sans date' },
    ]).map((a) => a.title);
    expect(titles).toEqual([
      'Point du 1er juin 2025',
      'Veille du 06/05/2025',
      'Note A',
      'Note B',
      'Bilan 2024-12-31',
      'Autre sans date',
      'Sans date',
    ]);
  });
});

describe('dateInText', () => {
  it.each([
    ['Veille du 6 mai 2025', '2025-05-06'],
    ['Newsletter 12 March 2024', '2024-03-12'],
    ['Bilan 31.12.2024', '2024-12-31'],
    ['Point 2025-02-03', '2025-02-03'],
    ['Loi du 31/02/2025', null],
    ['Index 2025', null],
  ])('%s → %s', (text, iso) => {
    expect(dateInText(text)).toBe(iso);
  });
});

describe('readSheet: each row with its sheet number and what the editor should know', () => {
  const read = (rows: Parameters<typeof gvizBody>[0]) => readSheet(parseGviz(gvizBody(rows)));
  const issuesOf = (rows: Parameters<typeof gvizBody>[0]) =>
    read(rows).rows.map(({ row, issues }) => ({ row, issues }));

  it('numbers rows as the sheet does (header = 1), leaves out empty rows, keeps untitled ones', () => {
    const reading = read([
      { titre: 'Publié', contenu: 'x', statut: 'Publié' },
      {},
      { resume: 'Un résumé sans titre', statut: 'Publié' },
      { titre: 'Brouillon', contenu: 'x', statut: 'Brouillon' },
    ]);
    expect(reading.rows.map(({ row, article }) => [row, article?.title ?? null])).toEqual([
      [2, 'Publié'],
      [4, null],
      [5, 'Brouillon'],
    ]);
    expect(reading.rows[1]?.issues).toEqual([{ kind: 'no-title' }]);
    expect(reading.articles.map((a) => a.title)).toEqual(['Brouillon', 'Publié']);
    expect(reading.published.map((a) => a.title)).toEqual(['Publié']);
  });

  it('a statut that does not publish, with the cell as the sheet gave it', () => {
    const issues = issuesOf([
      { titre: 'A', contenu: 'x', statut: 'Non publié' },
      { titre: 'B', contenu: 'x', statut: null },
      { titre: 'C', contenu: 'x', statut: false },
      { titre: 'D', contenu: 'x', statut: 0 },
      { titre: 'E', contenu: 'x', statut: 'OK' },
    ]);
    expect(issues.map(({ issues }) => issues)).toEqual([
      [{ kind: 'not-published', statut: 'Non publié' }],
      [{ kind: 'not-published', statut: null }],
      [{ kind: 'not-published', statut: false }],
      [{ kind: 'not-published', statut: 0 }],
      [],
    ]);
  });

  it('an unreadable date, with the date the list sorts by instead', () => {
    expect(
      issuesOf([
        { titre: 'Veille du 6 mai 2025', contenu: 'x', statut: 'oui', date: '31/02/2025' },
        { titre: 'Sans date', contenu: 'x', statut: 'oui', date: 'bientôt' },
        { titre: 'Bonne date', contenu: 'x', statut: 'oui', date: 'Date(2025,4,6)' },
      ]).map(({ issues }) => issues),
    ).toEqual([
      [{ kind: 'date-unreadable', value: '31/02/2025', sortDate: '2025-05-06' }],
      [{ kind: 'date-unreadable', value: 'bientôt', sortDate: null }],
      [],
    ]);
  });

  it('an image replaced by the fallback, but not an image of the site itself', () => {
    expect(
      issuesOf([
        { titre: 'A', contenu: 'x', statut: 'oui', image: 'https://example.com/photo.jpg' },
        { titre: 'B', contenu: 'x', statut: 'oui', image: 'photo.jpg' },
        { titre: 'C', contenu: 'x', statut: 'oui', image: '/images/article-fallback-2.jpg' },
        {
          titre: 'D',
          contenu: 'x',
          statut: 'oui',
          image: 'https://drive.google.com/file/d/abc/view',
        },
      ]).map(({ issues }) => issues),
    ).toEqual([
      [
        {
          kind: 'image-replaced',
          value: 'https://example.com/photo.jpg',
          fallback: '/images/article-fallback-1.jpg',
        },
      ],
      [{ kind: 'image-replaced', value: 'photo.jpg', fallback: '/images/article-fallback-2.jpg' }],
      [],
      [],
    ]);
  });

  it('a repeated address, with the row that has it first', () => {
    const issues = issuesOf([
      { titre: 'Veille sociale', contenu: 'x', statut: 'oui' },
      { titre: 'Autre', contenu: 'x', statut: 'oui' },
      { titre: 'Veille  sociale !', contenu: 'x', statut: 'oui' },
    ]);
    expect(issues[2]).toEqual({
      row: 4,
      issues: [
        { kind: 'slug-repeated', slug: 'veille-sociale-3', base: 'veille-sociale', firstRow: 2 },
      ],
    });
  });

  it('English columns partly filled, an empty text', () => {
    expect(
      issuesOf([
        { titre: 'A', contenu: 'x', statut: 'oui', title_en: 'A' },
        {
          titre: 'B',
          contenu: 'x',
          statut: 'oui',
          title_en: 'B',
          summary_en: 'S',
          content_en: 'C',
        },
        { titre: 'C', contenu: '', statut: 'oui' },
      ]).map(({ issues }) => issues),
    ).toEqual([
      [{ kind: 'english-incomplete', filled: ['title_en'], missing: ['summary_en', 'content_en'] }],
      [],
      [{ kind: 'no-content' }],
    ]);
  });
});

describe('the columns after content_en (auteur, a_jour_au, publier_le)', () => {
  const base = { titre: 'Note', contenu: 'x', statut: 'Publié', date: 'Date(2025,4,6)' };
  const readWith = (row: Parameters<typeof gvizBody>[0][number], header?: string[]) =>
    readSheet(parseGviz(gvizBody([row], { shape: 'labels', header })));

  it('reads each new column by its header name', () => {
    const [article] = readWith({
      ...base,
      auteur: 'H. Sorel, Julien Aubry',
      a_jour_au: 'Date(2025,4,1)',
      publier_le: 'Date(2025,4,12,8,0,0)',
    }).articles;
    expect(article).toMatchObject({
      authors: ['helene-sorel', 'julien-aubry'],
      lawStatedAt: '2025-05-01',
      publishAt: '2025-05-12T08:00:00+02:00',
    });
  });

  it('a sheet with only the eleven columns works as before: no author, no dates', () => {
    const header = columns.slice(0, 11);
    const [article] = readWith(base, [...header]).articles;
    expect(article).toMatchObject({
      authors: [],
      lawStatedAt: null,
      publishAt: null,
      published: true,
    });
  });

  it('an editor’s own columns among them are kept apart and never read as auteur', () => {
    const header = [...columns.slice(0, 11), 'notes', 'relu', 'auteur', 'suivi', 'publier_le'];
    const reading = readWith(
      { ...base, notes: 'Sorel', relu: true, auteur: 'Aubry', suivi: 'Date(2025,4,20,9,0,0)' },
      header,
    );
    expect(reading.articles[0]).toMatchObject({ authors: ['julien-aubry'], publishAt: null });
    expect(reading.rows[0]?.issues).toEqual([]);
  });

  it('keeps an article’s address when an author or a date is added', () => {
    const before = readWith(base).articles[0]?.slug;
    const after = readWith({
      ...base,
      auteur: 'Sorel',
      a_jour_au: '01/05/2025',
      publier_le: '2020-01-01',
    }).articles[0]?.slug;
    expect(after).toBe(before);
  });

  it('reports an unknown author, unreadable dates, and an a_jour_au earlier than the date', () => {
    const [row] = readWith({
      ...base,
      auteur: 'Claire Martin',
      a_jour_au: 'Date(2025,3,1)',
      publier_le: 'lundi prochain',
    }).rows;
    expect(row?.issues).toEqual([
      { kind: 'author-unknown', value: 'Claire Martin', unknown: ['Claire Martin'] },
      { kind: 'cell-unreadable', column: 'publier_le', value: 'lundi prochain' },
      { kind: 'law-date-before-date', lawStatedAt: '2025-04-01', date: '2025-05-06' },
    ]);
    const [unreadable] = readWith({ ...base, a_jour_au: { v: null, f: '#REF!' } }).rows;
    expect(unreadable?.issues).toEqual([
      { kind: 'cell-unreadable', column: 'a_jour_au', value: '#REF!' },
    ]);
  });

  // Any cell of any type in the new columns: the article is still read and published as the
  // eleven columns say, and what the sheet's answer shows is reported.
  const hostile: [string, SheetCell][] = [
    ['a date', 'Date(2024,0,1)'],
    ['a date-time', 'Date(2024,0,1,8,0,0)'],
    ['a number', 42],
    ['a boolean', true],
    ['false', false],
    ['5,000 characters', 'é'.repeat(5_000)],
    ['HTML', '<img src=x onerror=alert(1)><script>alert(1)</script>'],
    ['markdown', '**[Sorel](javascript:alert(1))**'],
    ['a formula error as text', '#REF!'],
    ['a formula error as null with its text', { v: null, f: '#REF!' }],
    ['a formula error as null alone', { v: null }],
  ];
  it.each(hostile)('%s in every new column never hides the article nor fails', (_, value) => {
    const reading = readWith({ ...base, auteur: value, a_jour_au: value, publier_le: value });
    const [article] = reading.published;
    expect(article?.title).toBe('Note');
    const visible = value !== null && !(typeof value === 'object' && value.f === undefined);
    const kinds = reading.rows[0]?.issues.map((issue) => issue.kind) ?? [];
    if (visible) expect(kinds).toContain('author-unknown');
    // A date is a fine a_jour_au and publier_le; anything else is reported.
    if (visible && !String(typeof value === 'object' ? value?.f : value).startsWith('Date('))
      expect(kinds).toContain('cell-unreadable');
    // A date in the past is no schedule: online now.
    expect(article?.publishAt === null || Date.parse(article?.publishAt ?? '') < Date.now()).toBe(
      true,
    );
  });
});
