import { describe, expect, it } from 'vitest';
import { gvizBody } from '@/tests/support/sheet-server';
import { gvizDateToIso, parseGviz, SheetFormatError } from './gviz';

describe('parseGviz', () => {
  it('strips the wrapper, skips the header row and reads c[i].v', () => {
    const rows = parseGviz(gvizBody([{ titre: 'Un', statut: 'Publié' }, { titre: 'Deux' }]));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.[0]).toBe('Un');
    expect(rows[0]?.[5]).toBe('Publié');
    expect(rows[1]?.[5]).toBeNull();
  });

  it('tolerates null cells, missing c, and keeps typed values', () => {
    const body = `/*O_o*/\ngoogle.visualization.Query.setResponse(${JSON.stringify({
      status: 'ok',
      table: {
        rows: [
          { c: [{ v: 'titre' }] },
          {
            c: [
              { v: 'A' },
              null,
              { v: null },
              {},
              { v: 3 },
              { v: true },
              { v: 'Date(2025,4,6)', f: '06/05/2025' },
            ],
          },
          { c: null },
          {},
        ],
      },
    })});`;
    const rows = parseGviz(body);
    expect(rows[0]).toEqual(['A', null, null, null, 3, true, 'Date(2025,4,6)']);
    expect(rows[1]).toEqual([]);
    expect(rows[2]).toEqual([]);
  });

  it('reads an empty sheet and a sheet with only the header as no rows', () => {
    expect(parseGviz('x({"status":"ok","table":{"cols":[],"rows":[]}});')).toEqual([]);
    expect(parseGviz(gvizBody([]))).toEqual([]);
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

  it('reads gviz dates with a month counted from 0', () => {
    expect(gvizDateToIso('Date(2025,4,6)')).toBe('2025-05-06');
    expect(gvizDateToIso('Date(2024,0,31,10,30,0)')).toBe('2024-01-31');
    expect(gvizDateToIso('Date(2025,1,30)')).toBeNull();
    expect(gvizDateToIso('6 mai')).toBeNull();
  });
});
