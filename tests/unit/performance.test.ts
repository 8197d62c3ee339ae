import { describe, expect, it } from 'vitest';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import {
  bestMark,
  compareResultRows,
  formatAttempt,
  formatFieldMark,
  formatPerformance,
  formatRaceTime,
  formatReactionTime,
  normalizeResultCode,
  parseRaceTime,
  sortResultRows,
} from '../../shared/athletics/performance.ts';

describe('parseRaceTime', () => {
  it.each([
    ['51.230', 51.23],
    ['9.572', 9.572],
    ['10.1', 10.1],
    ['51', 51],
    ['3:57.466', 3 * 60 + 57.466],
    ['11:16.323', 11 * 60 + 16.323],
    ['1:02:03.456', 3600 + 2 * 60 + 3.456],
    ['0:59.9', 59.9],
    ['  51.230 ', 51.23],
    ['10.12345', 10.12345],
  ])('reads %j', (text, seconds) => {
    expect(parseRaceTime(text)).toBeCloseTo(seconds, 9);
  });

  it('keeps thousandths so ties can be ordered', () => {
    expect(parseRaceTime('51.230')).toBeLessThan(parseRaceTime('51.231') ?? 0);
  });

  it.each([
    null,
    undefined,
    '',
    'DNS',
    '1:60.000',
    '1:5.3',
    '1:60:00.0',
    '1:2:03.4',
    '1:02:03:04.5',
    '-51.2',
    '51.',
    '.5',
    '51,23',
    ':51.2',
  ])('returns null for %j', (text) => {
    expect(parseRaceTime(text)).toBeNull();
  });
});

describe('formatRaceTime', () => {
  it.each([
    ['9.572', '9.58'],
    ['9.570', '9.57'],
    ['51.230', '51.23'],
    ['11:16.323', '11:16.33'],
    ['3:57.466', '3:57.47'],
    ['59.991', '1:00.00'],
    ['9:59.999', '10:00.00'],
    ['59:59.991', '1:00:00.00'],
    ['1:02:03.456', '1:02:03.46'],
    ['10.1', '10.10'],
    ['51', '51.00'],
    ['1:00.005', '1:00.01'],
    ['1:00.0001', '1:00.01'],
    ['0.29', '0.29'],
    ['0.07', '0.07'],
    ['1.1', '1.10'],
    ['4.35', '4.35'],
    ['1.005', '1.01'],
    ['0:51.230', '51.23'],
    ['75.3', '1:15.30'],
    ['5:08.552', '5:08.56'],
    [' 51.230 ', '51.23'],
  ])('%j -> %j', (text, shown) => {
    expect(formatRaceTime(text)).toBe(shown);
  });

  it('returns text that is not a time trimmed', () => {
    expect(formatRaceTime(' same time ')).toBe('same time');
    expect(formatRaceTime(null)).toBe('');
  });
});

describe('normalizeResultCode', () => {
  it.each([
    ['DNS', 'DNS'],
    ['dns', 'DNS'],
    [' DNF ', 'DNF'],
    ['DQ', 'DQ'],
    ['DSQ', 'DQ'],
    ['dsq', 'DQ'],
    ['NM', 'NM'],
    ['r', 'r'],
    ['R', 'r'],
    ['NT', 'DNS'],
    ['nt', 'DNS'],
  ])('%j -> %j', (text, code) => {
    expect(normalizeResultCode(text)).toBe(code);
  });

  it.each([null, undefined, '', '1', '51.23', 'X', 'DNSQ', 'D N S'])(
    'returns null for %j',
    (text) => {
      expect(normalizeResultCode(text)).toBeNull();
    },
  );
});

describe('formatFieldMark', () => {
  it.each([
    ['2', '2.00'],
    ['14.0', '14.00'],
    ['14.02', '14.02'],
    ['7.655', '7.65'],
    ['7.659', '7.65'],
    ['0.29', '0.29'],
    ['4.35', '4.35'],
    ['1.1', '1.10'],
    [' 40.24 ', '40.24'],
    ['DSQ', 'DQ'],
    ['nt', 'DNS'],
    ['  F ', 'F'],
    ['', ''],
    ['-1.2', '-1.2'],
    ['14.02m', '14.02m'],
  ])('%j -> %j', (text, shown) => {
    expect(formatFieldMark(text)).toBe(shown);
  });

  it('gives "" for null', () => {
    expect(formatFieldMark(null)).toBe('');
  });
});

describe('formatPerformance', () => {
  it.each([null, undefined, '', '  '])('gives "" for missing %j', (text) => {
    expect(formatPerformance(text, 'track')).toBe('');
    expect(formatPerformance(text, 'field')).toBe('');
  });

  it('normalises codes for both kinds, NT shown as DNS', () => {
    expect(formatPerformance('NT', 'track')).toBe('DNS');
    expect(formatPerformance('dsq', 'field')).toBe('DQ');
    expect(formatPerformance('R', 'track')).toBe('r');
  });

  it('rounds track times up and cuts field marks down', () => {
    expect(formatPerformance('7.655', 'track')).toBe('7.66');
    expect(formatPerformance('7.655', 'field')).toBe('7.65');
    expect(formatPerformance('1:02:03.456', 'track')).toBe('1:02:03.46');
  });

  it('returns other text as written, trimmed', () => {
    expect(formatPerformance(' Heat 2 ', 'track')).toBe('Heat 2');
  });
});

describe('formatReactionTime', () => {
  it.each([
    ['0.15', '0.150'],
    ['0.151', '0.151'],
    ['.2', '0.200'],
    ['0.1519', '0.151'],
    ['0.0995', '0.099'],
    [' 0.142 ', '0.142'],
    ['', ''],
    ['  ', ''],
    ['n/a', 'n/a'],
  ])('%j -> %j', (text, shown) => {
    expect(formatReactionTime(text)).toBe(shown);
  });

  it('gives "" for null and undefined', () => {
    expect(formatReactionTime(null)).toBe('');
    expect(formatReactionTime(undefined)).toBe('');
  });
});

describe('formatAttempt, horizontal jumps and throws', () => {
  it.each([
    ['10.96', '10.96'],
    ['9.5', '9.50'],
    ['7.655', '7.65'],
    ['F', 'X'],
    ['f', 'X'],
    ['X', 'X'],
    ['foul', 'X'],
    ['-', '-'],
    ['P', '-'],
    ['pass', '-'],
    ['DNS', 'DNS'],
    ['r', 'r'],
    [' 11.07 ', '11.07'],
    ['', ''],
    ['  ', ''],
    ['?', '?'],
  ])('%j -> %j', (cell, shown) => {
    expect(formatAttempt(cell, false)).toBe(shown);
  });

  it('gives "" for null and undefined', () => {
    expect(formatAttempt(null, false)).toBe('');
    expect(formatAttempt(undefined, true)).toBe('');
  });
});

describe('formatAttempt, vertical jumps', () => {
  it.each([
    ['O', 'O'],
    ['XO', 'XO'],
    ['XXO', 'XXO'],
    ['xxo', 'XXO'],
    ['XXX', 'XXX'],
    ['X', 'X'],
    ['XX', 'XX'],
    ['PPP', '-'],
    ['P', '-'],
    ['-', '-'],
    ['XP', 'X-'],
    ['XX-', 'XX-'],
    ['DNS', 'DNS'],
    ['dns', 'DNS'],
    ['r', 'r'],
    [' O ', 'O'],
    ['XXXO', 'XXXO'],
    ['1.75', '1.75'],
  ])('%j -> %j', (cell, shown) => {
    expect(formatAttempt(cell, true)).toBe(shown);
  });
});

describe('bestMark', () => {
  it('picks the largest valid mark, as written', () => {
    expect(bestMark(['10.96', '11.07', '11.50', '11.92', '11.64', 'F'])).toBe('11.92');
  });

  it('compares numbers, not text', () => {
    expect(bestMark(['9.59', '10.14'])).toBe('10.14');
  });

  it('skips fouls, passes, codes, blanks and nulls', () => {
    expect(bestMark(['F', null, '-', ' 8.70 ', 'X', 'DNS', ''])).toBe('8.70');
  });

  it('keeps the first of equal marks', () => {
    expect(bestMark(['7.6', '7.60'])).toBe('7.6');
  });

  it('returns null when there is no valid mark', () => {
    expect(bestMark([])).toBeNull();
    expect(bestMark(['F', 'X', '-', null, '0.00'])).toBeNull();
  });
});

function row(id: string, rank: string | null, performance: string | null): AthleteRow {
  return {
    id,
    rank,
    bib: null,
    name: id,
    eventName: null,
    club: null,
    category: null,
    performance,
    points: null,
    lane: null,
    pdfUrl: null,
  };
}

describe('sortResultRows', () => {
  it('orders places numerically, ties keeping their order', () => {
    const rows = [
      row('tenth', '10', '12.00'),
      row('second-a', '2', '11.00'),
      row('first', ' 1 ', '10.90'),
      row('second-b', '2', '11.00'),
      row('fourth', '4', '11.50'),
    ];
    expect(sortResultRows(rows).map((r) => r.id)).toEqual([
      'first',
      'second-a',
      'second-b',
      'fourth',
      'tenth',
    ]);
  });

  it('puts unplaced rows after placed ones: performance, DNF, DQ, NM, r, DNS, nothing', () => {
    const rows = [
      row('nothing', null, null),
      row('dns-rank', 'DNS', null),
      row('nt', null, 'NT'),
      row('r', null, 'r'),
      row('nm', '', 'NM'),
      row('dsq', 'DSQ', '51.20'),
      row('dnf', null, 'DNF'),
      row('unplaced-time', null, '52.00'),
      row('zero-place', '0', '53.00'),
      row('third', '3', '50.00'),
    ];
    expect(sortResultRows(rows).map((r) => r.id)).toEqual([
      'third',
      'unplaced-time',
      'zero-place',
      'dnf',
      'dsq',
      'nm',
      'r',
      'dns-rank',
      'nt',
      'nothing',
    ]);
  });

  it('does not mutate its input', () => {
    const rows = [row('b', '2', null), row('a', '1', null)];
    sortResultRows(rows);
    expect(rows.map((r) => r.id)).toEqual(['b', 'a']);
  });
});

describe('compareResultRows', () => {
  it('is zero for tied places and for rows in the same unplaced group', () => {
    expect(compareResultRows(row('a', '2', null), row('b', '2', null))).toBe(0);
    expect(compareResultRows(row('a', 'DNS', null), row('b', null, 'NT'))).toBe(0);
  });

  it('compares places as numbers', () => {
    expect(compareResultRows(row('a', '9', null), row('b', '10', null))).toBeLessThan(0);
  });

  it('puts a place before any code', () => {
    expect(compareResultRows(row('a', 'DNF', null), row('b', '12', null))).toBeGreaterThan(0);
  });
});
