import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestsEvent, type BestsEvent } from '../../../shared/athletics/bests/event.ts';
import { isBetter, markOf, readMark, seasonOf } from '../../../shared/athletics/bests/marks.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';

const TIME = { measure: 'time' } as const;
const DISTANCE = { measure: 'distance' } as const;

const event = (facts: Parameters<typeof bestsEvent>[0]): BestsEvent => {
  const found = bestsEvent(facts);
  if (!found) throw new Error(`no bests event for ${JSON.stringify(facts)}`);
  return found;
};
const run = (metres: number) => event({ kind: 'run', metres, fieldDiscipline: null });
const LJ = event({ kind: null, metres: null, fieldDiscipline: 'LONG_JUMP' });
const TJ = event({ kind: null, metres: null, fieldDiscipline: 'TRIPLE_JUMP' });
const SP = event({ kind: null, metres: null, fieldDiscipline: 'SHOT_PUT' });
const HURDLES_110 = event({ kind: 'hurdles', metres: 110, fieldDiscipline: null });

const row = (fields: Partial<AthleteRow>): AthleteRow => ({
  id: 'r1',
  rank: '1',
  bib: '101',
  name: 'Athlete',
  eventName: null,
  club: null,
  category: null,
  performance: null,
  points: null,
  lane: null,
  pdfUrl: null,
  ...fields,
});

const outdoors = { eventWind: null, indoor: false };
const indoors = { eventWind: null, indoor: true };

describe('readMark: times', () => {
  it.each([
    ['10.001', 1001, '10.01'],
    ['10.009', 1001, '10.01'],
    ['10.000', 1000, '10.00'],
    ['10.00', 1000, '10.00'],
    ['9.581', 959, '9.59'],
    ['1:52.34', 11234, '1:52.34'],
    ['1:52.341', 11235, '1:52.35'],
    ['59.991', 6000, '1:00.00'],
    ['1:59:59.991', 720000, '2:00:00.00'],
    [' 10.45 ', 1045, '10.45'],
    ['10.45w', 1045, '10.45'],
  ])('%j is fully automatic: %i hundredths, shown %j', (written, value, text) => {
    expect(readMark(written, TIME)).toEqual({ value, text, hand: false });
  });

  it.each([
    ['10.8', 1080],
    ['1:52.4', 11240],
    ['4:05.1', 24510],
  ])('%j is a hand time: %i hundredths', (written, value) => {
    expect(readMark(written, TIME)).toEqual({ value, text: written, hand: true });
  });

  it('reads whole seconds as a road race gives them, not as a stopwatch time', () => {
    expect(readMark('2:03:59', TIME)).toEqual({ value: 743900, text: '2:03:59', hand: false });
  });

  it.each([
    'DNS',
    'DNF',
    'DQ',
    'DSQ',
    'NM',
    'NT',
    'r',
    'dnf',
    '',
    '   ',
    null,
    undefined,
    '0.00',
    '-',
    'abc',
  ])('reads no time in %j', (written) => {
    expect(readMark(written, TIME)).toBeNull();
  });

  it('rounds any thousandths up to the hundredth (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 59_999 }), (ms) => {
        const written = `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`;
        const mark = readMark(written, TIME);
        expect(mark?.value).toBe(Math.ceil(ms / 10));
        expect(mark?.hand).toBe(false);
        expect(readMark(mark!.text, TIME)).toEqual(mark);
      }),
    );
  });
});

describe('readMark: distances', () => {
  it.each([
    ['7.655', 765, '7.65'],
    ['7.659', 765, '7.65'],
    ['7.65', 765, '7.65'],
    ['7.6', 760, '7.60'],
    ['8', 800, '8.00'],
    ['17.999', 1799, '17.99'],
    ['7.65m', 765, '7.65'],
    [' 7.65 m', 765, '7.65'],
  ])('%j is %i cm, shown %j', (written, value, text) => {
    expect(readMark(written, DISTANCE)).toEqual({ value, text, hand: false });
  });

  it.each(['NM', 'DNS', 'DQ', 'X', 'x', '-', 'O', '0.00', '', null, '7,65'])(
    'reads no distance in %j',
    (written) => {
      expect(readMark(written, DISTANCE)).toBeNull();
    },
  );

  it('cuts any millimetres down to the centimetre (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 99_999 }), (mm) => {
        const written = `${Math.floor(mm / 1000)}.${String(mm % 1000).padStart(3, '0')}`;
        const mark = readMark(written, DISTANCE);
        expect(mark?.value).toBe(Math.floor(mm / 10));
        expect(readMark(mark!.text, DISTANCE)).toEqual(mark);
      }),
    );
  });
});

describe('markOf: codes', () => {
  it.each(['DNS', 'DNF', 'DQ', 'NM', 'r'])(
    'is null for a row ranked %s, whatever its mark',
    (rank) => {
      expect(
        markOf(row({ rank, performance: '10.50', windspeed: '+1.0' }), run(100), outdoors),
      ).toBeNull();
    },
  );

  it('is null for a code or nothing in the mark', () => {
    expect(markOf(row({ rank: null, performance: 'DNF' }), run(400), outdoors)).toBeNull();
    expect(markOf(row({ rank: null, performance: null }), run(400), outdoors)).toBeNull();
    expect(
      markOf(row({ rank: null, best: 'NM', attempts: ['X', 'X', 'X'] }), SP, outdoors),
    ).toBeNull();
  });
});

describe('markOf: wind', () => {
  const sprint = (windspeed: string | null, eventWind: string | null = null) =>
    markOf(row({ performance: '10.05', windspeed }), run(100), { eventWind, indoor: false });

  it.each([
    ['+2.0', true],
    ['2.0', true],
    ['+1.99', true],
    ['+0.0', true],
    ['-1.5', true],
    ['-3.4', true],
    ['+2.1', false],
    ['+2.01', false],
    ['+4.5', false],
  ])('a 100 m with %s is legal: %s', (wind, legal) => {
    expect(sprint(wind)).toEqual({ value: 1005, text: '10.05', hand: false, wind, legal });
  });

  it('is not legal in a wind event with no reading', () => {
    expect(sprint(null)).toMatchObject({ wind: null, legal: false });
    expect(markOf(row({ performance: '13.20' }), HURDLES_110, outdoors)).toMatchObject({
      legal: false,
    });
    expect(markOf(row({ performance: '20.10' }), run(200), outdoors)).toMatchObject({
      legal: false,
    });
    expect(markOf(row({ best: '16.90' }), TJ, outdoors)).toMatchObject({ legal: false });
  });

  it("takes the event's wind where the row has none, and the row's over it", () => {
    expect(sprint(null, '+1.2')).toMatchObject({ wind: '+1.2', legal: true });
    expect(sprint(null, '+2.6')).toMatchObject({ wind: '+2.6', legal: false });
    expect(sprint('+0.5', '+2.6')).toMatchObject({ wind: '+0.5', legal: true });
    expect(sprint('+2.6', '+0.5')).toMatchObject({ wind: '+2.6', legal: false });
  });

  it('is always legal indoors, and keeps no wind there', () => {
    const indoor200 = markOf(row({ performance: '20.80', windspeed: '+3.0' }), run(200), indoors);
    expect(indoor200).toMatchObject({ value: 2080, wind: null, legal: true });
    expect(markOf(row({ performance: '6.60' }), run(60), indoors)).toMatchObject({ legal: true });
    expect(markOf(row({ best: '8.01' }), LJ, { eventWind: null, indoor: true })).toMatchObject({
      wind: null,
      legal: true,
    });
  });

  it('is always legal in an event with no wind measured, and keeps no wind there', () => {
    expect(markOf(row({ best: '21.05', windspeed: '+3.5' }), SP, outdoors)).toEqual({
      value: 2105,
      text: '21.05',
      hand: false,
      wind: null,
      legal: true,
    });
    expect(markOf(row({ performance: '45.10' }), run(400), outdoors)).toMatchObject({
      legal: true,
    });
    expect(
      markOf(row({ performance: '1:45.10', windspeed: '+5.0' }), run(800), outdoors),
    ).toMatchObject({
      wind: null,
      legal: true,
    });
  });

  it('flags a hand time, wind or no wind', () => {
    const hand = row({ performance: '10.2', windspeed: '+1.0' });
    expect(markOf(hand, run(100), outdoors)).toEqual({
      value: 1020,
      text: '10.2',
      hand: true,
      wind: '+1.0',
      legal: true,
    });
    expect(markOf(row({ performance: '1:52.4' }), run(800), outdoors)).toMatchObject({
      value: 11240,
      hand: true,
      legal: true,
    });
  });
});

describe('markOf: field rows', () => {
  const series = ['7.40', 'X', '7.655', '7.50', '-', 'X'];

  it('takes the wind of the best attempt where the row gives none', () => {
    const aided = row({
      best: '7.655',
      attempts: series,
      attemptWinds: ['+1.0', null, '+2.4', '+0.3', null, null],
    });
    expect(markOf(aided, LJ, outdoors)).toEqual({
      value: 765,
      text: '7.65',
      hand: false,
      wind: '+2.4',
      legal: false,
    });
    const legal = row({
      best: '7.655',
      attempts: series,
      attemptWinds: ['+3.0', null, '+1.8', '+2.5', null, null],
    });
    expect(markOf(legal, LJ, outdoors)).toMatchObject({ value: 765, wind: '+1.8', legal: true });
  });

  it('finds the best attempt as shown, when the best is written otherwise', () => {
    const r = row({
      best: '7.65',
      attempts: series,
      attemptWinds: ['+3.0', null, '+1.8', '+2.5', null, null],
    });
    expect(markOf(r, LJ, outdoors)).toMatchObject({ wind: '+1.8', legal: true });
  });

  it("prefers the row's own wind, then the best attempt's, then the event's", () => {
    const winds = ['+1.0', null, '+2.4', '+0.3', null, null];
    expect(
      markOf(
        row({ best: '7.655', attempts: series, attemptWinds: winds, windspeed: '+0.9' }),
        LJ,
        outdoors,
      ),
    ).toMatchObject({ wind: '+0.9', legal: true });
    expect(
      markOf(row({ best: '7.655', attempts: series, attemptWinds: winds }), LJ, {
        eventWind: '+0.1',
        indoor: false,
      }),
    ).toMatchObject({ wind: '+2.4', legal: false });
    expect(
      markOf(row({ best: '7.655', attempts: series }), LJ, { eventWind: '+0.1', indoor: false }),
    ).toMatchObject({ wind: '+0.1', legal: true });
    expect(markOf(row({ best: '7.655', attempts: series }), LJ, outdoors)).toMatchObject({
      wind: null,
      legal: false,
    });
  });

  it('reads the performance where a field row has no best', () => {
    expect(markOf(row({ performance: '16.21', windspeed: '+1.1' }), TJ, outdoors)).toMatchObject({
      value: 1621,
      legal: true,
    });
  });

  it("reads a race's performance, never its best", () => {
    expect(
      markOf(row({ performance: '10.30', best: '10.10', windspeed: '+1.0' }), run(100), outdoors),
    ).toMatchObject({ value: 1030 });
  });
});

describe('isBetter', () => {
  it('wants a lower time and a longer distance', () => {
    expect(isBetter(TIME, 1000, 1001)).toBe(true);
    expect(isBetter(TIME, 1001, 1000)).toBe(false);
    expect(isBetter(DISTANCE, 801, 800)).toBe(true);
    expect(isBetter(DISTANCE, 800, 801)).toBe(false);
  });

  it('holds no mark better than itself, and orders any two one way (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(TIME, DISTANCE), fc.nat(), fc.nat(), (measure, a, b) => {
        expect(isBetter(measure, a, a)).toBe(false);
        if (a !== b) expect(isBetter(measure, a, b)).not.toBe(isBetter(measure, b, a));
      }),
    );
  });
});

describe('seasonOf', () => {
  it.each([
    ['2024-06-15', false, '2024 outdoor'],
    ['2024-01-10', false, '2024 outdoor'],
    ['2024-12-31', false, '2024 outdoor'],
    ['2025-02-20', true, '2025 indoor'],
    ['2025-03-15', true, '2025 indoor'],
    ['2024-10-31', true, '2024 indoor'],
    ['2024-11-01', true, '2025 indoor'],
    ['2024-12-14', true, '2025 indoor'],
    ['2024-12-14T18:00:00Z', true, '2025 indoor'],
  ])('%s (indoor %s) counts for the %s season', (date, indoor, season) => {
    expect(seasonOf(date, indoor)).toBe(season);
  });

  it('puts one winter, November to March, in one indoor season', () => {
    const winter = ['2024-11-30', '2024-12-20', '2025-01-25', '2025-03-08'].map((d) =>
      seasonOf(d, true),
    );
    expect(new Set(winter)).toEqual(new Set(['2025 indoor']));
  });
});
