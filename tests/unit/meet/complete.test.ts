import { describe, expect, it } from 'vitest';
import { athleteRow } from '../../../server/parsers/athleteRow.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { progressText, resultsProgress } from '../../../shared/meet/completeness.ts';
import { isDamagedCopy, spelledAsStartList } from '../../../server/meet/spelling.ts';
import { measuresWind } from '../../../server/athletics/windEvents.ts';
import { eventDiscipline, familyName } from '../../../server/eventNames/index.ts';
import { parseLff } from '../../../server/parsers/lynx/index.ts';

const runner = (bib: string, fields: Partial<AthleteRow> = {}) =>
  athleteRow({ id: bib, name: `Runner ${bib}`, bib, ...fields });
const entrants = (count: number, flight?: number) =>
  Array.from({ length: count }, (_, i) => runner(String(100 + i), flight ? { flight } : {}));
const finished = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    runner(String(100 + i), { rank: String(i + 1), performance: `${11 + i / 10}` }),
  );

describe('complete, or still coming in', () => {
  it('a heat is complete once every athlete of its start list has a result', () => {
    expect(resultsProgress('track', finished(8), entrants(8))).toBeNull();
    // A file written in two steps: its rows stop short of the start list.
    expect(resultsProgress('track', finished(4), entrants(8))).toEqual({
      part: 'athletes',
      done: 4,
      of: 8,
    });
    // Saved while the photo is read: the athletes not read yet have no place and no time.
    const reading = [...finished(5), runner('105'), runner('106'), runner('107')];
    expect(resultsProgress('track', reading, entrants(8))).toMatchObject({ done: 5, of: 8 });
    // A DNS, a DQ are results; without a start list the file's rows are the heat.
    const coded = [...finished(6), runner('106', { rank: 'DNS' }), runner('107', { rank: 'DQ' })];
    expect(resultsProgress('track', coded, entrants(8))).toBeNull();
    expect(resultsProgress('track', finished(3), [])).toBeNull();
  });

  it('a field event in flights is complete once every flight the start list announced is in', () => {
    const announced = [...entrants(5, 1), ...entrants(5, 2)];
    const flight1 = finished(5).map((row) => ({ ...row, flight: 1 }));
    const progress = resultsProgress('field', flight1, announced);
    expect(progress).toEqual({ part: 'flights', done: 1, of: 2 });
    expect(progressText(progress!)).toBe('Flight 1 of 2 in');
    const both = [...flight1, ...finished(5).map((row) => ({ ...row, flight: 2 }))];
    expect(resultsProgress('field', both, announced)).toBeNull();
    expect(progressText({ part: 'flights', done: 2, of: 3 })).toBe('2 of 3 flights in');
    expect(progressText({ part: 'athletes', done: 4, of: 8 })).toBe('4 of 8 results in');
  });

  it("reads FieldLynx's place 0 as no place", () => {
    const lff = '22,1,1,Women Shot Put,metric,\r\n0,87,1,0,Byrne,Anna,"Tuam AC",F,-0.0,F,-0.0\r\n';
    const parsed = parseLff(new TextEncoder().encode(lff), '022-1-01.lff');
    if (!parsed.ok) throw new Error('the file does not parse');
    expect(parsed.value.rows[0]?.rank).toBeNull();
  });
});

describe("the start list's spelling for a cut or damaged copy", () => {
  it('takes it for the same bib only where the file cut or damaged it', () => {
    expect(isDamagedCopy('Indiana (Pa.', 'Indiana (Pa.)')).toBe(true);
    expect(isDamagedCopy('Otr\uFFFDbusy', 'Otrębusy')).toBe(true);
    expect(isDamagedCopy('Tuam AC', 'Athenry AC')).toBe(false);
    expect(isDamagedCopy('In', 'Indiana')).toBe(false);
    const start = [runner('266', { name: 'Stella Kuntz', club: 'Indiana (Pa.)' })];
    const [fixed] = spelledAsStartList(
      [runner('266', { name: 'Stella Kuntz', club: 'Indiana (Pa.' })],
      start,
    );
    expect(fixed?.club).toBe('Indiana (Pa.)');
    const [other] = spelledAsStartList([runner('266', { club: 'Lock Haven' })], start);
    expect(other?.club).toBe('Lock Haven');
  });
});

describe('wind where the rules measure it', () => {
  it.each([
    ['Women 100 Meter Dash', true],
    ['Boys 200 Meter Dash', true],
    ['Men 110 Meter Hurdles', true],
    ['100m ppł K U18', true],
    ['Women 60 Meter Hurdles', false],
    ['Women 60 Meter Dash', false],
    ['Men 1500 Meter Run', false],
    ['Women 3000 Meter Steeplechase', false],
    ['Women 4x100 Meter Relay', false],
    ['Men 400 Meter Hurdles', false],
  ])('%s: %s', (name, measured) => {
    const { trackDiscipline } = eventDiscipline(name);
    expect(
      measuresWind({
        eventType: 'ATHLETICS',
        eventName: name,
        trackDiscipline,
        fieldDiscipline: null,
      }),
    ).toBe(measured);
  });

  it('in long and triple jump, not in the throws or the high jump', () => {
    const field = (fieldDiscipline: 'LONG_JUMP' | 'TRIPLE_JUMP' | 'SHOT_PUT' | 'HIGH_JUMP') =>
      measuresWind({ eventType: 'JUMP', eventName: '', trackDiscipline: null, fieldDiscipline });
    expect([
      field('LONG_JUMP'),
      field('TRIPLE_JUMP'),
      field('SHOT_PUT'),
      field('HIGH_JUMP'),
    ]).toEqual([true, true, false, false]);
  });
});

describe("a race family's name", () => {
  it.each([
    ['100m K U14-Bieg 10', '100m K U14'],
    ['100m M U16 - FINAŁ', '100m M U16'],
    ['100m Uomini - Batteria 2', '100m Uomini'],
    ['Männer 100m Vorlauf - Lauf 1', 'Männer 100m'],
    ['Men 100m Semifinal 1', 'Men 100m'],
    ['Men 1500m Timed Final Section 2', 'Men 1500m'],
    ['Boys Long Jump Flight 2', 'Boys Long Jump'],
    // An A or B final is a race of its own; a plain name stays as it is.
    ['Men 100m Final B', 'Men 100m Final B'],
    ['Women 60 Meter Dash', 'Women 60 Meter Dash'],
    ['400m Men - Open', '400m Men - Open'],
  ])('%s is %s', (name, family) => {
    expect(familyName(name)).toBe(family);
  });
});
