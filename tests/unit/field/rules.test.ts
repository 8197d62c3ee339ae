import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIELD_SETTINGS,
  type CardAthlete,
  type HorizontalTrial,
  type VerticalTrial,
} from '../../../shared/athletics/field/card.ts';
import { checkHorizontal, checkVertical } from '../../../shared/athletics/field/check.ts';
import {
  horizontalSequence,
  horizontalStandings,
} from '../../../shared/athletics/field/horizontal.ts';
import { readHorizontalMark, readWind } from '../../../shared/athletics/field/marks.ts';
import { verticalStandings } from '../../../shared/athletics/field/vertical.ts';
import { fieldProgress } from '../../../shared/athletics/field/view.ts';

const athletes = (count: number, flights = 1): CardAthlete[] =>
  Array.from({ length: count }, (_, i) => ({
    bib: String(101 + i),
    name: `Athlete ${i + 1}`,
    club: null,
    flight: (i % flights) + 1,
    order: Math.floor(i / flights) + 1,
  }));

let nextId = 0;
const h = (
  bib: string,
  round: number,
  mark: string,
  wind: string | null = null,
): HorizontalTrial => ({
  id: `h${(nextId += 1)}`,
  bib,
  round,
  mark,
  wind,
});
const v = (bib: string, height: string, marks: string): VerticalTrial[] =>
  [...marks].map((mark) => ({
    id: `v${(nextId += 1)}`,
    bib,
    height,
    mark: mark as 'o' | 'x' | '-',
  }));

/** Three trials each, the given best marks in trial 1 and fouls after. */
const threeEach = (bests: (string | null)[]) =>
  bests.flatMap((best, i) => [
    h(String(101 + i), 1, best ?? 'x'),
    h(String(101 + i), 2, 'x'),
    h(String(101 + i), 3, 'x'),
  ]);

describe('horizontal standings', () => {
  it('breaks a tie on the best mark by the second best, and shares a place still equal', () => {
    const field = athletes(3);
    const trials = [
      h('101', 1, '12.00'),
      h('101', 2, '11.00'),
      h('102', 1, '12.00'),
      h('102', 2, '11.50'),
      h('103', 1, '11.50'),
      h('103', 2, '12.00'),
    ];
    const { lines } = horizontalStandings(field, trials, DEFAULT_FIELD_SETTINGS);
    expect(lines.map((l) => [l.athlete.bib, l.place])).toEqual([
      ['102', 1],
      ['103', 1],
      ['101', 3],
    ]);
  });

  it('takes everyone tied at 8th past the cut, and no one without a valid mark', () => {
    const field = athletes(11);
    // 7 clear, two tied for 8th, one behind, one with three fouls.
    const marks = [
      '15.00',
      '14.90',
      '14.80',
      '14.70',
      '14.60',
      '14.50',
      '14.40',
      '14.00',
      '14.00',
      '13.00',
      null,
    ];
    const standings = horizontalStandings(field, threeEach(marks), DEFAULT_FIELD_SETTINGS);
    const through = standings.lines.filter((l) => l.inFinal).map((l) => l.athlete.bib);
    expect(through.sort()).toEqual(['101', '102', '103', '104', '105', '106', '107', '108', '109']);
    // Worst first, the tied two in their competition order.
    expect(standings.finalOrder.map((a) => a.bib)).toEqual([
      '108',
      '109',
      '107',
      '106',
      '105',
      '104',
      '103',
      '102',
      '101',
    ]);
  });

  it('gives everyone all six trials when no more than eight compete', () => {
    const field = athletes(8);
    const standings = horizontalStandings(
      field,
      threeEach(Array(8).fill(null)),
      DEFAULT_FIELD_SETTINGS,
    );
    expect(standings.cut).toBe(false);
    expect(standings.lines.every((l) => l.inFinal)).toBe(true);
  });

  it('runs each flight through trials 1-3 before the next, then the final in reverse order', () => {
    const field = athletes(4, 2); // 101, 103 in flight 1; 102, 104 in flight 2
    const standings = horizontalStandings(field, [], {
      trials: 4,
      trialsBeforeCut: 2,
      finalists: 8,
    });
    const sequence = [
      ...horizontalSequence(standings, { trials: 4, trialsBeforeCut: 2, finalists: 8 }),
    ];
    expect(sequence.map(([a, r]) => `${a.bib}/${r}`)).toEqual([
      '101/1',
      '103/1',
      '101/2',
      '103/2',
      '102/1',
      '104/1',
      '102/2',
      '104/2',
      '101/3',
      '103/3',
      '102/3',
      '104/3',
      '101/4',
      '103/4',
      '102/4',
      '104/4',
    ]);
  });

  it('shows the best mark with its own wind, and skips a retired athlete', () => {
    const field = athletes(2);
    const trials = [h('101', 1, '7.10', '+2.4'), h('101', 2, '7.31', '+1.1'), h('102', 1, 'r')];
    const { lines } = horizontalStandings(field, trials, DEFAULT_FIELD_SETTINGS);
    expect(lines[0]!.best).toMatchObject({ mark: '7.31', wind: '+1.1' });
    expect(lines[1]!.retired).toBe(true);
    const progress = fieldProgress({
      discipline: 'LONG_JUMP',
      settings: DEFAULT_FIELD_SETTINGS,
      athletes: field,
      horizontal: trials,
      vertical: [],
    });
    expect(
      [progress.up, progress.onDeck, progress.next].map((t) => t && `${t.athlete.bib}/${t.trial}`),
    ).toEqual(['101/3', '101/4', '101/5']);
  });

  it('orders any series consistently (property)', () => {
    const mark = fc.oneof(
      fc.constantFrom('x', '-'),
      fc.integer({ min: 500, max: 2000 }).map((cm) => (cm / 100).toFixed(2)),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(mark, { minLength: 0, maxLength: 6 }), { minLength: 1, maxLength: 14 }),
        (series) => {
          const field = athletes(series.length, 2);
          const trials = series.flatMap((cells, i) =>
            cells.map((m, r) => h(String(101 + i), r + 1, m)),
          );
          const standings = horizontalStandings(field, trials, DEFAULT_FIELD_SETTINGS);
          const places = standings.lines.map((l) => l.place).filter((p) => p !== null);
          expect(places).toEqual([...places].sort((a, b) => a - b));
          // No athlete is called twice for the same trial.
          const turns = [...horizontalSequence(standings, DEFAULT_FIELD_SETTINGS)].map(
            ([a, r]) => `${a.bib}/${r}`,
          );
          expect(new Set(turns).size).toBe(turns.length);
          if (series.length <= 8) expect(standings.lines.every((l) => l.inFinal)).toBe(true);
          else
            expect(standings.lines.filter((l) => l.inFinal).length).toBeLessThanOrEqual(
              series.length,
            );
        },
      ),
    );
  });
});

describe('vertical standings', () => {
  it('counts back: fewest trials at the last height cleared, then fewest failures', () => {
    const field = athletes(3);
    const trials = [
      ...v('101', '1.80', 'xo'),
      ...v('102', '1.80', 'o'),
      ...v('103', '1.80', 'o'),
      ...v('101', '1.85', 'o'),
      ...v('102', '1.85', 'o'),
      ...v('103', '1.85', 'xo'),
      ...v('101', '1.88', 'xxx'),
      ...v('102', '1.88', 'xxx'),
      ...v('103', '1.88', 'xxx'),
    ];
    const { lines, jumpOff } = verticalStandings(field, trials);
    expect(lines.map((l) => [l.athlete.bib, l.place])).toEqual([
      ['102', 1],
      ['101', 2],
      ['103', 3],
    ]);
    expect(jumpOff).toBe(false);
  });

  it('ends a competition at three failures in a row across heights, passes between', () => {
    const field = athletes(1);
    const trials = [...v('101', '1.80', 'o'), ...v('101', '1.85', 'xx-'), ...v('101', '1.88', 'x')];
    expect(verticalStandings(field, trials.slice(0, -1)).lines[0]!.out).toBe(false);
    expect(verticalStandings(field, trials).lines[0]!.out).toBe(true);
  });

  it('flags a jump-off for a tie for first that nobody can break', () => {
    const field = athletes(2);
    const trials = [
      ...v('101', '2.00', 'o'),
      ...v('102', '2.00', 'o'),
      ...v('101', '2.02', 'xxx'),
      ...v('102', '2.02', 'xxx'),
    ];
    const standings = verticalStandings(field, trials);
    expect(standings.lines.map((l) => l.place)).toEqual([1, 1]);
    expect(standings.jumpOff).toBe(true);
  });

  it('calls the athletes at the bar round by round in order', () => {
    const field = athletes(3);
    const trials = [...v('101', '1.50', 'x'), ...v('102', '1.50', 'o')];
    const progress = fieldProgress({
      discipline: 'HIGH_JUMP',
      settings: DEFAULT_FIELD_SETTINGS,
      athletes: field,
      horizontal: [],
      vertical: trials,
    });
    expect(
      [progress.up, progress.onDeck, progress.next].map(
        (t) => t && `${t.athlete.bib}/${t.trial}@${t.height}`,
      ),
    ).toEqual(['103/1@1.50', '101/2@1.50', null]);
  });
});

describe('what the rules refuse', () => {
  const rules = { discipline: 'SHOT_PUT' as const, settings: DEFAULT_FIELD_SETTINGS };
  const field = athletes(10);
  const trials = threeEach([
    '15.00',
    '14.90',
    '14.80',
    '14.70',
    '14.60',
    '14.50',
    '14.40',
    '14.30',
    '14.20',
    null,
  ]);
  const refusal = (entry: Parameters<typeof checkHorizontal>[3]) => {
    const result = checkHorizontal(rules, field, trials, entry);
    return result.ok ? null : result.refusal.code;
  };

  it('a horizontal trial out of the rules', () => {
    expect(refusal({ id: 'a', bib: '999', round: 1, mark: '10.00' })).toBe('athlete_not_in_event');
    expect(refusal({ id: 'a', bib: '109', round: 4, mark: '10.00' })).toBe('not_in_final');
    expect(refusal({ id: 'a', bib: '110', round: 4, mark: '10.00' })).toBe('not_in_final');
    expect(refusal({ id: 'a', bib: '101', round: 7, mark: '10.00' })).toBe('round_out_of_range');
    expect(refusal({ id: 'a', bib: '101', round: 4, mark: '10.0.0' })).toBe('invalid_mark');
    expect(refusal({ id: 'a', bib: '101', round: 4, mark: '10.00', wind: '+1.0' })).toBe(
      'wind_not_applicable',
    );
    expect(refusal({ id: 'a', bib: '108', round: 4, mark: '14,31' })).toBeNull();
    // Before everyone has had trial 3, nobody is known to be in the final.
    const early = checkHorizontal(
      rules,
      field,
      trials.filter((t) => !(t.bib === '110' && t.round === 3)),
      {
        id: 'c',
        bib: '101',
        round: 4,
        mark: '15.10',
      },
    );
    expect(early.ok ? null : early.refusal.code).toBe('cut_not_made');
    const retired = checkHorizontal(rules, field, [...trials, h('101', 4, 'r')], {
      id: 'b',
      bib: '101',
      round: 5,
      mark: '1.00',
    });
    expect(retired.ok ? null : retired.refusal.code).toBe('athlete_retired');
  });

  it('a vertical trial out of the rules', () => {
    const hj = { discipline: 'HIGH_JUMP' as const, settings: DEFAULT_FIELD_SETTINGS };
    const jumped = [...v('101', '1.80', 'o'), ...v('102', '1.80', 'xxx'), ...v('103', '1.80', 'o')];
    const code = (entry: Parameters<typeof checkVertical>[3]) => {
      const result = checkVertical(hj, field, jumped, entry);
      return result.ok ? null : result.refusal.code;
    };
    expect(code({ id: 'a', bib: '101', height: '1.75', mark: 'o' })).toBe('below_bar');
    expect(code({ id: 'a', bib: '101', height: '1.81', mark: 'o' })).toBe('rise_too_small');
    expect(code({ id: 'a', bib: '102', height: '1.85', mark: 'o' })).toBe('athlete_out');
    expect(code({ id: 'a', bib: '101', height: '1.80', mark: 'o' })).toBe('height_done');
    expect(code({ id: 'a', bib: '101', height: '1.85', mark: 'y' })).toBe('invalid_mark');
    expect(code({ id: 'a', bib: '101', height: 'high', mark: 'o' })).toBe('invalid_height');
    expect(code({ id: 'a', bib: '104', height: '1.80', mark: 'x' })).toBeNull();
    expect(code({ id: 'a', bib: '101', height: '1.82', mark: 'o' })).toBeNull();
  });

  it('reads marks and winds as officials write them', () => {
    expect(readHorizontalMark('11.07')).toBe('11.07');
    expect(readHorizontalMark('8')).toBe('8.00');
    expect(readHorizontalMark('X')).toBe('x');
    expect(readHorizontalMark('0')).toBeNull();
    expect(readHorizontalMark('151.00')).toBeNull();
    expect(readWind('1.2')).toBe('+1.2');
    expect(readWind('-0,4')).toBe('-0.4');
    expect(readWind('-0.0')).toBe('0.0');
    expect(readWind('fast')).toBeNull();
  });
});
