import { describe, expect, it } from 'vitest';
import { roundProgression, type RoundHeat } from '../../../shared/athletics/rounds/qualify.ts';
import { drawLineUp, serpentine } from '../../../shared/athletics/rounds/lineUp.ts';
import { nextRound, roundKeyOf } from '../../../shared/meet/rounds.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';

const row = (rank: string, bib: string, performance: string | null): AthleteRow => ({
  id: `r${bib}`,
  rank,
  bib,
  name: `Athlete ${bib}`,
  eventName: null,
  club: null,
  category: null,
  performance,
  points: null,
  lane: null,
  pdfUrl: null,
});

const heat = (n: number, rows: AthleteRow[], complete = true): RoundHeat => ({
  eventId: `00000000-0000-4000-8000-00000000000${n}`,
  heat: n,
  complete,
  rows,
});

const marks = (result: ReturnType<typeof roundProgression>) =>
  Object.fromEntries(result.qualifiers.map((q) => [q.bib, q.qualified]));

// The women's 60 m heats of a real college meet (tests/fixtures/meets/college-indoor), as
// FinishLynx timed them to the thousandth.
const collegeHeats = [
  heat(1, [
    row('1', '331', '7.712'),
    row('2', '332', '7.826'),
    row('3', '190', '7.981'),
    row('4', '399', '8.103'),
    row('DNS', '408', null),
  ]),
  heat(2, [row('1', '212', '7.745'), row('2', '304', '7.912'), row('3', '334', '7.934')]),
  heat(3, [row('1', '401', '7.781'), row('2', '224', '7.901'), row('DQ', '402', null)]),
  heat(4, [row('1', '100', '7.803'), row('2', '396', '7.858'), row('3', '325', '7.969')]),
];

describe('qualification (TR 20, 21)', () => {
  it('takes the first P by place and the next T fastest, seeded winners first', () => {
    const result = roundProgression({ byPlace: 1, byTime: 4 }, collegeHeats);
    expect(result.final).toBe(true);
    expect(result.ties).toEqual([]);
    expect(result.qualifiers.map((q) => `${q.bib}${q.qualified}`)).toEqual([
      '331Q',
      '212Q',
      '401Q',
      '100Q',
      '332q',
      '396q',
      '224q',
      '304q',
    ]);
  });

  it('marks Q as soon as a heat is in and keeps q provisional until every heat is', () => {
    const [first, second] = collegeHeats;
    const result = roundProgression({ byPlace: 1, byTime: 2 }, [
      first!,
      second!,
      heat(3, [], false),
    ]);
    expect(result.final).toBe(false);
    expect(marks(result)).toEqual({ '331': 'Q', '212': 'Q', '332': 'q', '304': 'q' });
  });

  it('lets thousandths decide times equal to the hundredth', () => {
    // 7.912 and 7.915 both show as 7.92: the first is through.
    const result = roundProgression({ byPlace: 1, byTime: 1 }, [
      heat(1, [row('1', '1', '7.80'), row('2', '2', '7.915')]),
      heat(2, [row('1', '3', '7.81'), row('2', '4', '7.912')]),
    ]);
    expect(marks(result)).toEqual({ '1': 'Q', '3': 'Q', '4': 'q' });
    expect(result.ties).toEqual([]);
  });

  it('shows a true tie for the last q to the referee instead of choosing', () => {
    const result = roundProgression({ byPlace: 1, byTime: 1 }, [
      heat(1, [row('1', '1', '7.80'), row('2', '2', '7.912')]),
      heat(2, [row('1', '3', '7.81'), row('2', '4', '7.912')]),
    ]);
    expect(marks(result)).toEqual({ '1': 'Q', '3': 'Q', '2': 'q', '4': 'q' });
    expect(result.ties).toEqual([
      expect.objectContaining({
        kind: 'time',
        places: 1,
        athletes: [expect.objectContaining({ bib: '2' }), expect.objectContaining({ bib: '4' })],
      }),
    ]);
  });

  it('shows a dead heat for the last Q place of a heat', () => {
    const result = roundProgression({ byPlace: 2, byTime: 0 }, [
      heat(1, [row('1', '1', '7.80'), row('2', '2', '7.905'), row('2', '3', '7.905')]),
    ]);
    expect(marks(result)).toEqual({ '1': 'Q', '2': 'Q', '3': 'Q' });
    expect(result.ties).toEqual([expect.objectContaining({ kind: 'place', heat: 1, places: 1 })]);
  });

  it('gives no q to DNS, DNF or DQ', () => {
    const result = roundProgression({ byPlace: 0, byTime: 3 }, [
      heat(1, [row('1', '1', '7.80'), row('DNF', '2', null), row('3', '3', 'DQ')]),
    ]);
    expect(marks(result)).toEqual({ '1': 'q' });
  });
});

describe("the next round's line-up", () => {
  const ranked = roundProgression({ byPlace: 1, byTime: 4 }, collegeHeats).qualifiers;

  it('draws ranks 1-4 into lanes 3-6, 5-6 into 7-8 and 7-8 into 1-2, the same every time', () => {
    const [final] = drawLineUp({ ranked, heats: 1, laned: true, seed: 'final' });
    const laneOf = (bib: string) => final!.find((p) => p.qualifier.bib === bib)?.lane;
    expect(['331', '212', '401', '100'].map(laneOf).sort()).toEqual([3, 4, 5, 6]);
    expect(['332', '396'].map(laneOf).sort()).toEqual([7, 8]);
    expect(['224', '304'].map(laneOf).sort()).toEqual([1, 2]);
    expect(drawLineUp({ ranked, heats: 1, laned: true, seed: 'final' })).toEqual([final]);
  });

  it('spreads the ranked over the heats in a serpentine', () => {
    expect(serpentine([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([
      [1, 6, 7],
      [2, 5],
      [3, 4],
    ]);
  });

  it('knows the round after heats, and the heats of one round', () => {
    expect(nextRound('heats', ['heats', 'semis', 'finals'])).toBe('semis');
    expect(nextRound('semis', ['heats', 'semis', 'finals'])).toBe('finals');
    expect(nextRound('finals', ['heats', 'finals'])).toBeNull();
    const hand = { eventType: 'ATHLETICS' as const, lynxRace: null, lynxFamily: null };
    expect(roundKeyOf({ ...hand, eventName: 'Men 100m Heat 1', round: 'heats' })).toBe(
      roundKeyOf({ ...hand, eventName: 'Men 100m Heat 3', round: 'heats' }),
    );
  });
});
