import { describe, expect, it } from 'vitest';
import { parisDay } from '@/lib/paris-clock';
import { dateInText, parisInstant, readDay, readMoment } from './dates';
import type { Cell } from './types';

const cell = (v: Cell['v'], f: string | null = null): Cell => ({ v, f });
const moment = (c: Cell) => {
  const reading = readMoment(c);
  return reading.kind === 'moment' ? reading.iso : reading.kind;
};

describe('day columns (date, a_jour_au)', () => {
  it('read a date cell, a date-time cell (its day), and dates written as text', () => {
    expect(readDay(cell('Date(2025,4,6)', '06/05/2025'))).toEqual({
      kind: 'day',
      day: '2025-05-06',
    });
    expect(readDay(cell('Date(2025,4,6,23,30,0)'))).toEqual({ kind: 'day', day: '2025-05-06' });
    for (const text of [
      '06/05/2025',
      '6/5/2025',
      '2025-05-06',
      '6 mai 2025',
      '6 May 2025',
      'le 6 mai 2025',
    ])
      expect(readDay(cell(text)), text).toEqual({ kind: 'day', day: '2025-05-06' });
  });

  it('read the sheet’s own text when gviz sends a cell of a date column as null', () => {
    expect(readDay(cell(null, '06/05/2025'))).toEqual({ kind: 'day', day: '2025-05-06' });
    expect(readDay(cell(null, '#REF!'))).toEqual({ kind: 'unreadable', text: '#REF!' });
  });

  it('are empty for an empty cell, and unreadable for anything else, never a fault', () => {
    expect(readDay(null)).toEqual({ kind: 'empty' });
    expect(readDay(cell(null))).toEqual({ kind: 'empty' });
    expect(readDay(cell('  '))).toEqual({ kind: 'empty' });
    for (const [value, text] of [
      [true, 'true'],
      [45000, '45000'],
      ['31/02/2025', '31/02/2025'],
      ['bientôt', 'bientôt'],
      ['#REF!', '#REF!'],
      ['<b>mai</b>', '<b>mai</b>'],
    ] as const)
      expect(readDay(cell(value)), String(value)).toEqual({ kind: 'unreadable', text });
    expect(readDay(cell('x'.repeat(5_000))).kind).toBe('unreadable');
  });

  it('find dates in titles as before', () => {
    expect(dateInText('Veille du 6 mai 2025')).toBe('2025-05-06');
    expect(dateInText('Note 2025-13-45 du 06/05/2025')).toBe('2025-05-06');
    expect(dateInText('Sans date')).toBeNull();
  });
});

describe('publier_le, in Paris time', () => {
  it('reads a date-time cell Date(y,m,d,h,min,s) as that Paris time', () => {
    expect(moment(cell('Date(2025,4,12,8,0,0)'))).toBe('2025-05-12T08:00:00+02:00');
    expect(moment(cell('Date(2025,0,13,8,30,15)'))).toBe('2025-01-13T08:30:15+01:00');
  });

  it('starts a day written without a time at its first minute', () => {
    expect(moment(cell('Date(2025,4,12)'))).toBe('2025-05-12T00:00:00+02:00');
    expect(readMoment(cell('12/05/2025'))).toMatchObject({ timeGiven: false });
    expect(moment(cell('lundi 12 mai 2025'))).toBe('2025-05-12T00:00:00+02:00');
  });

  it.each([
    ['12/05/2025 08:00', '2025-05-12T08:00:00+02:00'],
    ['12/05/2025 8h', '2025-05-12T08:00:00+02:00'],
    ['12/05/2025 à 8 h 30', '2025-05-12T08:30:00+02:00'],
    ['12 mai 2025 à 20h15', '2025-05-12T20:15:00+02:00'],
    ['2025-05-12 08:30:15', '2025-05-12T08:30:15+02:00'],
    ['2025-05-12T08:30', '2025-05-12T08:30:00+02:00'],
    ['13/01/2025 8:00', '2025-01-13T08:00:00+01:00'],
  ])('reads the text %j', (text, iso) => {
    expect(moment(cell(text))).toBe(iso);
  });

  it('reads the sheet’s text of a cell gviz sent as null', () => {
    expect(moment(cell(null, '12/05/2025 08:00:00'))).toBe('2025-05-12T08:00:00+02:00');
  });

  it('reads an hour that does not exist (last Sunday of March) an hour later, as calendars do', () => {
    // 30 March 2025: at 02:00 the clocks go to 03:00.
    expect(moment(cell('Date(2025,2,30,2,30,0)'))).toBe('2025-03-30T03:30:00+02:00');
    expect(moment(cell('30/03/2025 02:30'))).toBe('2025-03-30T03:30:00+02:00');
    expect(moment(cell('30/03/2025 01:59'))).toBe('2025-03-30T01:59:00+01:00');
    expect(moment(cell('30/03/2025 03:00'))).toBe('2025-03-30T03:00:00+02:00');
  });

  it('reads an hour that happens twice (last Sunday of October) as the first, summer time’s', () => {
    // 26 October 2025: at 03:00 the clocks go back to 02:00.
    expect(moment(cell('Date(2025,9,26,2,30,0)'))).toBe('2025-10-26T02:30:00+02:00');
    expect(moment(cell('26/10/2025 03:00'))).toBe('2025-10-26T03:00:00+01:00');
    expect(Date.parse(moment(cell('26/10/2025 02:59')))).toBeLessThan(
      Date.parse(moment(cell('26/10/2025 03:00'))),
    );
  });

  it('is empty for an empty cell, unreadable for any other value, never a fault', () => {
    expect(readMoment(null)).toEqual({ kind: 'empty' });
    expect(readMoment(cell(''))).toEqual({ kind: 'empty' });
    for (const value of [
      true,
      false,
      2025,
      '#REF!',
      'demain matin',
      '12/05/2025 25:00',
      '12/05/2025 8h 30 minutes 12',
      '31/02/2025 08:00',
      '<script>12/05/2025</script>x'.repeat(300),
      '**12 mai**',
    ])
      expect(readMoment(cell(value)).kind, String(value).slice(0, 40)).toBe('unreadable');
  });
});

describe('Paris days', () => {
  it('are the day in Paris, not in UTC', () => {
    expect(parisDay(Date.parse('2025-05-11T22:30:00Z'))).toBe('2025-05-12');
    expect(parisDay(Date.parse('2025-01-12T22:30:00Z'))).toBe('2025-01-12');
    expect(parisInstant('2025-05-12', { hour: 0, minute: 0, second: 0 }).epochMilliseconds).toBe(
      Date.parse('2025-05-11T22:00:00Z'),
    );
  });
});
