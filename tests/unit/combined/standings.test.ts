import { describe, expect, it } from 'vitest';
import type { CombinedPart } from '../../../shared/athletics/combined/points.ts';
import {
  combinedStandings,
  type CombinedPartResults,
} from '../../../shared/athletics/combined/standings.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';

let ids = 0;
const row = (fields: Partial<AthleteRow> & Pick<AthleteRow, 'name'>): AthleteRow => ({
  id: `row-${(ids += 1)}`,
  rank: null,
  bib: null,
  eventName: null,
  club: null,
  category: null,
  performance: null,
  points: null,
  lane: null,
  pdfUrl: null,
  ...fields,
});

const FIELD = ['HJ', 'PV', 'LJ', 'SP', 'DT', 'JT'];

/** One part's results: each athlete's mark, written where FinishLynx or FieldLynx put it. */
function part(
  name: CombinedPart,
  marks: Record<string, string>,
  complete = true,
): CombinedPartResults {
  return {
    eventId: `event-${name}`,
    part: name,
    complete,
    rows: Object.entries(marks).map(([athlete, mark]) =>
      FIELD.includes(name)
        ? row({ name: athlete, best: mark, performance: null })
        : row({ name: athlete, performance: mark }),
    ),
  };
}

const mayer: [CombinedPart, string][] = [
  ['100m', '10.55'],
  ['LJ', '7.80'],
  ['SP', '16.00'],
  ['HJ', '2.05'],
  ['400m', '48.42'],
  ['110mH', '13.75'],
  ['DT', '50.54'],
  ['PV', '5.45'],
  ['JT', '71.90'],
  ['1500m', '4:36.11'],
];

const summary = (standings: ReturnType<typeof combinedStandings>) =>
  standings.map(({ name, total, place }) => ({ name, total, place }));

describe('combinedStandings', () => {
  it("adds up Kevin Mayer's world record, the events in the decathlon's order", () => {
    const parts = [...mayer].reverse().map(([name, mark]) => part(name, { 'Kevin Mayer': mark }));
    const [standing] = combinedStandings({ kind: 'DECATHLON', sex: 'men', parts });
    expect(standing?.total).toBe(9126);
    expect(standing?.place).toBe(1);
    expect(standing?.events.map((event) => event.eventId)).toEqual(
      mayer.map(([name]) => `event-${name}`),
    );
    expect(standing?.events.map((event) => event.points)).toEqual([
      963, 1010, 851, 850, 889, 1007, 882, 1051, 918, 705,
    ]);
  });

  it('is live: running totals and places over the events with results so far', () => {
    const standings = combinedStandings({
      kind: 'DECATHLON',
      sex: 'men',
      parts: [
        part('100m', { A: '10.55', B: '10.78' }),
        part('LJ', { B: '7.80' }, false),
        part('SP', {}, false),
      ],
    });
    expect(summary(standings)).toEqual([
      { name: 'B', total: 910 + 1010, place: 1 },
      { name: 'A', total: 963, place: 2 },
    ]);
    expect(standings[1]?.events).toEqual([
      { eventId: 'event-100m', performance: '10.55', points: 963 },
      { eventId: 'event-LJ', performance: null, points: null },
      { eventId: 'event-SP', performance: null, points: null },
    ]);
  });

  it('breaks a tie on the total by the events won against each other first', () => {
    // 2517 each: A wins the 100 m and the long jump, B the shot put, the best single event.
    const standings = combinedStandings({
      kind: 'DECATHLON',
      sex: 'men',
      parts: [
        part('100m', { B: '10.79', A: '10.78' }),
        part('LJ', { B: '6.50', A: '6.51' }),
        part('SP', { B: '16.98', A: '16.90' }),
      ],
    });
    expect(summary(standings)).toEqual([
      { name: 'A', total: 2517, place: 1 },
      { name: 'B', total: 2517, place: 2 },
    ]);
    expect(standings[1]?.events.map((event) => event.points)).toEqual([908, 697, 912]);
  });

  it('then by the most points in any one event', () => {
    // 1758 each, one event won each: A's 100 m (973) is the best single event.
    const standings = combinedStandings({
      kind: 'DECATHLON',
      sex: 'men',
      parts: [part('100m', { B: '10.55', A: '10.51' }), part('LJ', { B: '6.92', A: '6.88' })],
    });
    expect(summary(standings)).toEqual([
      { name: 'A', total: 1758, place: 1 },
      { name: 'B', total: 1758, place: 2 },
    ]);
  });

  it('shares the place when nothing breaks the tie', () => {
    const standings = combinedStandings({
      kind: 'DECATHLON',
      sex: 'men',
      parts: [part('100m', { A: '10.55', B: '10.55', C: '11.00' })],
    });
    expect(summary(standings).map(({ place }) => place)).toEqual([1, 1, 3]);
  });

  it('places nobody who did not start an event, but keeps their running total', () => {
    const standings = combinedStandings({
      kind: 'HEPTATHLON',
      sex: 'women',
      parts: [
        part('100mH', { A: '13.50', B: '12.69', C: '14.00', D: '14.50' }),
        part('HJ', { A: '1.80', B: 'DNS', C: '1.70' }),
        // The shot put's results are not all in: D may still throw.
        part('SP', { A: '14.00' }, false),
      ],
    });
    expect(summary(standings)).toEqual([
      { name: 'A', total: 1050 + 978 + 794, place: 1 },
      { name: 'C', total: 978 + 855, place: 2 },
      { name: 'B', total: 1172, place: null },
      { name: 'D', total: 909, place: null },
    ]);
    const b = standings.find((standing) => standing.name === 'B');
    expect(b?.events[1]).toEqual({ eventId: 'event-HJ', performance: 'DNS', points: null });
  });

  it('scores 0 and keeps the place for DNF, DQ, NM and a series of fouls', () => {
    const standings = combinedStandings({
      kind: 'DECATHLON',
      sex: 'men',
      parts: [
        {
          eventId: '100m',
          part: '100m',
          complete: true,
          rows: [
            row({ name: 'A', performance: '10.55' }),
            row({ name: 'B', rank: 'DQ', performance: '10.60' }),
            row({ name: 'C', rank: 'DNF', performance: null }),
            row({ name: 'D', performance: '11.00' }),
          ],
        },
        {
          eventId: 'LJ',
          part: 'LJ',
          complete: true,
          rows: [
            row({ name: 'A', best: null, performance: 'NM' }),
            row({ name: 'B', best: '7.00', performance: '7.00' }),
            row({ name: 'C', best: '7.00' }),
            row({ name: 'D', best: null, attempts: ['X', 'x', 'FOUL'] }),
          ],
        },
      ],
    });
    expect(summary(standings)).toEqual([
      { name: 'A', total: 963, place: 1 },
      { name: 'D', total: 861, place: 2 },
      { name: 'B', total: 814, place: 3 },
      { name: 'C', total: 814, place: 3 },
    ]);
    const points = (name: string) => standings.find((s) => s.name === name)?.events;
    expect(points('B')?.[0]).toEqual({ eventId: '100m', performance: 'DQ', points: 0 });
    expect(points('C')?.[0]).toEqual({ eventId: '100m', performance: 'DNF', points: 0 });
    expect(points('A')?.[1]).toEqual({ eventId: 'LJ', performance: 'NM', points: 0 });
    expect(points('D')?.[1]).toEqual({ eventId: 'LJ', performance: 'NM', points: 0 });
  });

  it('keeps the best mark of a field athlete who retires, not the time of a runner', () => {
    const standings = combinedStandings({
      kind: 'DECATHLON',
      sex: 'men',
      parts: [
        {
          eventId: '1500m',
          part: '1500m',
          complete: true,
          rows: [
            row({ name: 'A', rank: 'r', performance: '4:36.11' }),
            row({ name: 'B', performance: '4:36.11' }),
          ],
        },
        {
          eventId: 'JT',
          part: 'JT',
          complete: true,
          rows: [
            row({ name: 'A', rank: 'r', best: '71.90', attempts: ['71.90', 'r'] }),
            row({ name: 'B', rank: 'r', best: null, attempts: ['X', 'r'] }),
          ],
        },
      ],
    });
    expect(standings.map(({ name, events }) => [name, events.map((e) => e.points)])).toEqual([
      ['A', [918, 0]],
      ['B', [0, 705]],
    ]);
  });

  it('treats a series of passes only as not started', () => {
    const standings = combinedStandings({
      kind: 'DECATHLON',
      sex: 'men',
      parts: [
        {
          eventId: 'PV',
          part: 'PV',
          complete: true,
          rows: [row({ name: 'A', best: null, attempts: ['-', 'PPP'], heights: ['4.00', '4.10'] })],
        },
      ],
    });
    expect(standings[0]?.place).toBeNull();
  });

  it('knows an athlete across events by bib, else by name and club', () => {
    const standings = combinedStandings({
      kind: 'DECATHLON',
      sex: 'men',
      parts: [
        {
          eventId: '100m',
          part: '100m',
          complete: true,
          rows: [
            row({ name: 'Łukasz Nowak', bib: '007', club: 'AZS', performance: '10.55' }),
            row({ name: 'Jan Kowalski', club: 'Legia', performance: '11.00' }),
          ],
        },
        {
          eventId: 'LJ',
          part: 'LJ',
          complete: true,
          rows: [
            row({ name: 'NOWAK Lukasz', bib: '7', best: '7.80' }),
            row({ name: 'jan kowalski', club: 'LEGIA', best: '7.00' }),
          ],
        },
      ],
    });
    expect(
      standings.map(({ name, bib, club, total, place }) => ({ name, bib, club, total, place })),
    ).toEqual([
      { name: 'Łukasz Nowak', bib: '007', club: 'AZS', total: 963 + 1010, place: 1 },
      { name: 'Jan Kowalski', bib: null, club: 'Legia', total: 861 + 814, place: 2 },
    ]);
  });

  it('reads a field mark from the best, else the performance', () => {
    const standings = combinedStandings({
      kind: 'DECATHLON',
      sex: 'men',
      parts: [
        {
          eventId: 'SP',
          part: 'SP',
          complete: true,
          rows: [
            row({ name: 'A', best: '16.00', performance: '15.00' }),
            row({ name: 'B', performance: '16.00' }),
          ],
        },
      ],
    });
    expect(standings.map((standing) => standing.total)).toEqual([851, 851]);
  });
});
