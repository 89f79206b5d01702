import { describe, expect, it } from 'vitest';
import { AudienceTally, MAX_KEYS } from './tally';

const view = (path: string) => ({ day: '2026-11-24', path, measure: 'view' as const, value: '' });

describe('AudienceTally', () => {
  it('adds up by figure and starts again after a take', () => {
    const tally = new AudienceTally();
    tally.count(view('/fr'));
    tally.count(view('/fr'));
    tally.count(view('/en'));
    tally.vital({ day: '2026-11-24', kind: 'home', metric: 'LCP', bucket: 2500 });
    const taken = tally.take();
    expect(taken.counts).toEqual([
      { ...view('/fr'), count: 2 },
      { ...view('/en'), count: 1 },
    ]);
    expect(taken.vitals).toHaveLength(1);
    expect(tally.empty).toBe(true);
  });

  it('gets back what a failed write took, added to what came meanwhile', () => {
    const tally = new AudienceTally();
    tally.count(view('/fr'));
    const taken = tally.take();
    tally.count(view('/fr'));
    tally.restore(taken);
    expect(tally.take().counts).toEqual([{ ...view('/fr'), count: 2 }]);
  });

  it('holds a bounded number of figures: new ones are dropped, known ones go on counting', () => {
    const tally = new AudienceTally();
    for (let i = 0; i < MAX_KEYS + 10; i += 1) tally.count(view(`/introuvable-${i}`));
    tally.count(view('/introuvable-0'));
    expect(tally.dropped).toBe(10);
    const { counts } = tally.take();
    expect(counts).toHaveLength(MAX_KEYS);
    expect(counts.find((row) => row.path === '/introuvable-0')?.count).toBe(2);
  });
});
