import { describe, expect, it } from 'vitest';
import { gvizBody, type SheetRow } from '@/harness/sheet-server';
import { columns } from './columns';
import { gvizDateToIso, parseGviz, readGvizDate, SheetFormatError } from './gviz';

const titles = (body: string) => parseGviz(body).rows.map((row) => row.cells[0]?.v);
const rows: SheetRow[] = [
  { titre: 'Un', statut: 'Publié', date: 'Date(2025,4,6)', publier_le: 'Date(2025,4,12,8,0,0)' },
  { titre: 'Deux', a_jour_au: 'Date(2025,4,1)' },
];

describe('parseGviz', () => {
  it('strips the wrapper, sets the header apart and reads c[i].v and c[i].f', () => {
    const table = parseGviz(gvizBody([{ titre: 'Un', statut: 'Publié' }, { titre: 'Deux' }]));
    expect(table.rows).toHaveLength(2);
    expect(table.rows[0]?.cells[0]).toEqual({ v: 'Un', f: null });
    expect(table.rows[0]?.cells[5]?.v).toBe('Publié');
    expect(table.rows[1]?.cells[5]?.v).toBeNull();
    expect(table.rows.map((row) => row.row)).toEqual([2, 3]);
  });

  it('tolerates null cells, missing c, and keeps typed values with the sheet’s text', () => {
    const body = `/*O_o*/\ngoogle.visualization.Query.setResponse(${JSON.stringify({
      status: 'ok',
      table: {
        rows: [
          { c: [{ v: 'titre' }, { v: 'resume' }] },
          {
            c: [
              { v: 'A' },
              null,
              { v: null, f: '#REF!' },
              {},
              { v: 3, f: '3,00' },
              { v: true },
              { v: 'Date(2025,4,6)', f: '06/05/2025' },
              { v: [8, 30, 0, 0], f: '08:30' },
            ],
          },
          { c: null },
          {},
        ],
      },
    })});`;
    const table = parseGviz(body);
    expect(table.rows[0]?.cells).toEqual([
      { v: 'A', f: null },
      { v: null, f: null },
      { v: null, f: '#REF!' },
      { v: null, f: null },
      { v: 3, f: '3,00' },
      { v: true, f: null },
      { v: 'Date(2025,4,6)', f: '06/05/2025' },
      { v: null, f: '08:30' },
    ]);
    expect(table.rows[1]?.cells).toEqual([]);
    expect(table.rows[2]?.cells).toEqual([]);
  });

  it('reads an empty sheet and a sheet with only the header as no rows', () => {
    expect(parseGviz('x({"status":"ok","table":{"cols":[],"rows":[]}});').rows).toEqual([]);
    expect(parseGviz(gvizBody([])).rows).toEqual([]);
    expect(parseGviz(gvizBody([], { shape: 'labels' })).rows).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['html', '<html><body>Sign in</body></html>'],
    ['truncated', 'setResponse({"table":{"rows":[{"c":[{"v":"a"}'],
    ['not json', '{table: rows}'],
    ['no table', 'x({"status":"ok"});'],
    ['error status', 'x({"status":"error","errors":[{"reason":"access_denied"}]});'],
    ['rows not a list', 'x({"table":{"rows":{}}});'],
  ])('rejects a malformed body (%s)', (_, body) => {
    expect(() => parseGviz(body)).toThrow(SheetFormatError);
  });
});

describe('the header row, whatever gviz guessed', () => {
  it('is in the labels when asked with headers=1: every row is an article, the first one included', () => {
    const table = parseGviz(gvizBody(rows, { shape: 'labels' }));
    expect(titles(gvizBody(rows, { shape: 'labels' }))).toEqual(['Un', 'Deux']);
    expect(table.rows.map((row) => row.row)).toEqual([2, 3]);
    expect(table.positions).toMatchObject({
      titre: 0,
      content_en: 10,
      auteur: 11,
      a_jour_au: 12,
      publier_le: 13,
    });
  });

  it('is the first row when gviz guessed no header: never read as an article', () => {
    const body = gvizBody(rows, { shape: 'first-row' });
    expect(titles(body)).toEqual(['Un', 'Deux']);
    // gviz sends the header cell of a column it types as dates as null: such a column cannot be
    // found by its name in this shape, which is why the site asks with headers=1.
    expect(parseGviz(body).positions).toMatchObject({ titre: 0, auteur: 11, publier_le: null });
  });

  it('is recognised by its names, with accents, case and spaces as editors write them', () => {
    const header = [
      ...columns.slice(0, 11),
      'Notes',
      'Auteur',
      'À jour au',
      'Publier le',
      'Fait ?',
    ];
    for (const shape of ['labels', 'first-row'] as const) {
      const table = parseGviz(gvizBody([{ titre: 'Un', Notes: 'Sorel' }], { shape, header }));
      expect(table.rows).toHaveLength(1);
      expect(table.positions).toMatchObject({ auteur: 12, a_jour_au: 13, publier_le: 14 });
    }
  });

  it('finds the new columns after content_en only: an editor’s own columns are never read as one', () => {
    const header = [...columns.slice(0, 11), 'notes', 'case'];
    const table = parseGviz(
      gvizBody([{ titre: 'Un', notes: 'auteur' }], { shape: 'labels', header }),
    );
    expect(table.positions).toMatchObject({ auteur: null, a_jour_au: null, publier_le: null });
  });

  it('keeps a sheet with no header row whole: its first row is an article', () => {
    const body = `x(${JSON.stringify({
      status: 'ok',
      table: {
        cols: [{ label: '' }, { label: '' }],
        rows: [{ c: [{ v: 'Premier' }, { v: 'Résumé' }] }, { c: [{ v: 'Second' }] }],
      },
    })});`;
    const table = parseGviz(body);
    expect(table.rows.map((row) => [row.row, row.cells[0]?.v])).toEqual([
      [1, 'Premier'],
      [2, 'Second'],
    ]);
  });

  it('keeps an article gviz took for a header although it names no column', () => {
    // Labels that name no column are the first row's texts: an article, read from them.
    const body = gvizBody([{ titre: 'Second' }], {
      shape: 'labels',
      header: ['Premier', 'Résumé', '', '', '', 'Publié'],
    });
    const table = parseGviz(body);
    expect(table.rows.map((row) => row.cells[0]?.v)).toEqual(['Premier', null]);
    expect(table.rows[0]?.cells[5]?.v).toBe('Publié');
    expect(table.rows.map((row) => row.row)).toEqual([1, 2]);
  });
});

describe('gviz dates', () => {
  it('reads the day, with a month counted from 0', () => {
    expect(gvizDateToIso('Date(2025,4,6)')).toBe('2025-05-06');
    expect(gvizDateToIso('Date(2024,0,31,10,30,0)')).toBe('2024-01-31');
    expect(gvizDateToIso('Date(2025,1,30)')).toBeNull();
    expect(gvizDateToIso('6 mai')).toBeNull();
  });

  it('reads the time of a date-time cell, Date(y,m,d,h,min,s)', () => {
    expect(readGvizDate('Date(2025,4,12,8,30,15)')).toEqual({
      day: '2025-05-12',
      time: { hour: 8, minute: 30, second: 15 },
    });
    expect(readGvizDate('Date(2025,4,12)')).toEqual({ day: '2025-05-12', time: null });
    expect(readGvizDate('Date(2025,4,12,24,0,0)')).toBeNull();
  });
});
