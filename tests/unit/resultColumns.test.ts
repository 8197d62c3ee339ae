import { athleteRow } from '../../server/parsers/athleteRow.ts';
import { describe, expect, it } from 'vitest';
import {
  cellAtHeight,
  performanceKind,
  placeOf,
  rankCode,
  resultLayout,
  seriesHeights,
  startListLayout,
} from '../../shared/resultColumns.ts';
import type { EventType, FieldDiscipline } from '../../shared/domain.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';

let nextId = 0;

function row(extra: Partial<AthleteRow> = {}): AthleteRow {
  nextId += 1;
  return athleteRow({ id: `r${nextId}`, name: `Athlete ${nextId}`, ...extra });
}

function layout(
  results: AthleteRow[],
  eventType: EventType = 'ATHLETICS',
  fieldDiscipline: FieldDiscipline | null = null,
  windSpeed: string | null = null,
) {
  return resultLayout({ eventType, fieldDiscipline, windSpeed, results });
}

const sixAttempts = ['6.10', 'X', '6.25', '-', '6.31', '6.02'];

describe('performanceKind', () => {
  it('is track for track events and field for field events', () => {
    expect(performanceKind('ATHLETICS')).toBe('track');
    expect(performanceKind('JUMP')).toBe('field');
  });
});

describe('resultLayout: track events', () => {
  it('shows lane, bib, club, reaction time and points only when a row carries them', () => {
    const rows = [
      row({ lane: '4', bib: '101', club: 'Clonliffe', reactionTime: '0.143', points: '1012' }),
      row({ lane: '5', bib: '102', club: 'DSD', reactionTime: '', points: null }),
    ];
    expect(layout(rows)).toEqual({
      kind: 'track',
      flight: false,
      section: false,
      lane: true,
      bib: true,
      club: true,
      category: false,
      reactionTime: true,
      points: true,
      rowWind: false,
      series: { type: 'none' },
    });
  });

  it('hides every optional column when no row has a value (blank or whitespace counts as none)', () => {
    const rows = [
      row({ lane: '  ', bib: '', club: null, reactionTime: ' ', points: '' }),
      row({ lane: null, bib: null, club: '   ', reactionTime: undefined, points: '  ' }),
    ];
    const result = layout(rows);
    expect(result.lane).toBe(false);
    expect(result.bib).toBe(false);
    expect(result.club).toBe(false);
    expect(result.reactionTime).toBe(false);
    expect(result.points).toBe(false);
    expect(result.series).toEqual({ type: 'none' });
  });

  it('shows a column when only one row of many carries a value', () => {
    const rows = [
      row(),
      row({ lane: '3' }),
      row({ points: '850' }),
      row({ reactionTime: '0.201' }),
    ];
    const result = layout(rows);
    expect(result.lane).toBe(true);
    expect(result.points).toBe(true);
    expect(result.reactionTime).toBe(true);
  });

  it('has no columns and no series for an event without rows', () => {
    expect(layout([])).toEqual({
      kind: 'track',
      flight: false,
      section: false,
      lane: false,
      bib: false,
      club: false,
      category: false,
      reactionTime: false,
      points: false,
      rowWind: false,
      series: { type: 'none' },
    });
  });

  it('never shows a series for a track event, even if rows carry attempts', () => {
    const rows = [row({ attempts: sixAttempts, heights: ['1.80'] })];
    expect(layout(rows, 'ATHLETICS', null).series).toEqual({ type: 'none' });
  });

  it('lays out a relay by its teams: lanes and team names, no bibs or reaction times', () => {
    const rows = [
      row({ rank: '1', lane: '4', club: 'Clonliffe Harriers', name: 'Clonliffe Harriers A' }),
      row({ rank: '2', lane: '5', club: 'Dundrum South Dublin', name: 'DSD A' }),
      row({ rank: 'DQ', lane: '6', club: 'Raheny Shamrock', name: 'Raheny A' }),
    ];
    expect(layout(rows, 'ATHLETICS', 'TRACK', '+0.4')).toEqual({
      kind: 'track',
      flight: false,
      section: false,
      lane: true,
      bib: false,
      club: true,
      category: false,
      reactionTime: false,
      points: false,
      rowWind: false,
      series: { type: 'none' },
    });
  });
});

describe('resultLayout: category column', () => {
  it('shows category only when rows carry more than one category', () => {
    expect(layout([row({ category: 'U17' }), row({ category: 'U18' })]).category).toBe(true);
  });

  it('hides a category that every row repeats, ignoring surrounding whitespace', () => {
    expect(layout([row({ category: 'U17' }), row({ category: ' U17 ' })]).category).toBe(false);
  });

  it('does not count blank categories as a second value', () => {
    expect(layout([row({ category: 'U17' }), row({ category: '' }), row()]).category).toBe(false);
  });
});

describe('resultLayout: row wind column', () => {
  it('shows row winds when the event has no wind of its own', () => {
    const rows = [row({ windspeed: '+1.2' }), row({ windspeed: '+1.2' })];
    expect(layout(rows, 'ATHLETICS', null, null).rowWind).toBe(true);
    expect(layout(rows, 'ATHLETICS', null, '  ').rowWind).toBe(true);
  });

  it('hides row winds that only repeat the event wind', () => {
    const rows = [row({ windspeed: '+1.2' }), row({ windspeed: '1.2 m/s' })];
    expect(layout(rows, 'ATHLETICS', null, '+1.2').rowWind).toBe(false);
  });

  it('shows row winds that differ between rows even when the event has a wind', () => {
    const rows = [row({ windspeed: '+1.2' }), row({ windspeed: '-0.4' })];
    expect(layout(rows, 'ATHLETICS', null, '+1.2').rowWind).toBe(true);
  });

  it('hides the column when no row has a readable wind', () => {
    const rows = [row({ windspeed: 'NWI' }), row({ windspeed: '' }), row()];
    expect(layout(rows, 'ATHLETICS', null, null).rowWind).toBe(false);
  });
});

describe('resultLayout: horizontal jumps', () => {
  it('shows six attempts with their winds for a long jump', () => {
    const rows = [
      row({ attempts: sixAttempts, attemptWinds: ['+1.1', '', '+0.3', '', '-0.2', '+2.4'] }),
      row({ attempts: ['5.90', 'X', 'X'] }),
    ];
    const result = layout(rows, 'JUMP', 'LONG_JUMP');
    expect(result.kind).toBe('field');
    expect(result.series).toEqual({ type: 'horizontal', attempts: 6, showWinds: true });
  });

  it('leaves out the wind row when no attempt has a wind', () => {
    const rows = [
      row({ attempts: sixAttempts, attemptWinds: ['', null, ' '] }),
      row({ attempts: ['6.00'] }),
    ];
    expect(layout(rows, 'JUMP', 'TRIPLE_JUMP').series).toEqual({
      type: 'horizontal',
      attempts: 6,
      showWinds: false,
    });
  });

  it('always shows at least six attempt columns, and more when a row has more', () => {
    expect(layout([row({ attempts: ['6.10'] })], 'JUMP', 'LONG_JUMP').series).toEqual({
      type: 'horizontal',
      attempts: 6,
      showWinds: false,
    });
    const eight = [...sixAttempts, '6.40', 'X'];
    expect(layout([row({ attempts: eight })], 'JUMP', 'LONG_JUMP').series).toEqual({
      type: 'horizontal',
      attempts: 8,
      showWinds: false,
    });
  });

  it('shows no series when no attempt has been recorded yet', () => {
    const rows = [row({ attempts: ['', ' ', null] }), row({ attempts: [] }), row()];
    expect(layout(rows, 'JUMP', 'LONG_JUMP').series).toEqual({ type: 'none' });
  });

  it('treats a field event without a discipline as horizontal when rows have no heights', () => {
    expect(layout([row({ attempts: sixAttempts })], 'JUMP', null).series).toEqual({
      type: 'horizontal',
      attempts: 6,
      showWinds: false,
    });
  });
});

describe('resultLayout: throws', () => {
  it.each<FieldDiscipline>([
    'DISCUS_THROW',
    'HAMMER_THROW',
    'JAVELIN_THROW',
    'SHOT_PUT',
    'WEIGHT_THROW',
  ])('shows six attempts but never attempt winds for %s', (discipline) => {
    const rows = [
      row({ attempts: ['12.10', 'X', '12.44'], attemptWinds: ['-0.0', '-0.0', '-0.0'] }),
    ];
    expect(layout(rows, 'JUMP', discipline).series).toEqual({
      type: 'horizontal',
      attempts: 6,
      showWinds: false,
    });
  });
});

describe('resultLayout: vertical jumps', () => {
  it('shows one column per bar height for a high jump, lowest first', () => {
    const rows = [
      row({ heights: ['1.70', '1.75', '1.80'], attempts: ['O', 'XO', 'XXX'] }),
      row({ heights: ['1.65', '1.70', '1.75'], attempts: ['O', 'O', 'XXX'] }),
    ];
    expect(layout(rows, 'JUMP', 'HIGH_JUMP').series).toEqual({
      type: 'vertical',
      heights: ['1.65', '1.70', '1.75', '1.80'],
    });
  });

  it('shows no series for a pole vault whose rows have no heights yet', () => {
    const rows = [row({ attempts: ['O', 'XO'] })];
    expect(layout(rows, 'JUMP', 'POLE_VAULT').series).toEqual({ type: 'none' });
  });

  it('reads a vertical series from rows with heights even without a vertical discipline', () => {
    const rows = [row({ heights: ['3.20', '3.00'], attempts: ['XO', 'O'] })];
    expect(layout(rows, 'JUMP', null).series).toEqual({
      type: 'vertical',
      heights: ['3.00', '3.20'],
    });
    expect(layout(rows, 'JUMP', 'CUSTOM').series).toEqual({
      type: 'vertical',
      heights: ['3.00', '3.20'],
    });
  });
});

describe('seriesHeights', () => {
  it('lists each height once, trimmed, in numeric order', () => {
    const rows = [
      row({ heights: ['1.80', ' 1.75 ', '1.9'] }),
      row({ heights: ['1.75', '1.80', ''] }),
    ];
    expect(seriesHeights(rows)).toEqual(['1.75', '1.80', '1.9']);
  });

  it('puts a height that is not a number last', () => {
    expect(seriesHeights([row({ heights: ['1.80', 'JO', '1.70'] })])).toEqual([
      '1.70',
      '1.80',
      'JO',
    ]);
  });

  it('is empty when no row has heights', () => {
    expect(seriesHeights([row(), row({ heights: [] })])).toEqual([]);
  });
});

describe('startListLayout', () => {
  it('shows lane, bib, club and category when a row carries them', () => {
    const rows = [row({ lane: '1', bib: '7', club: 'DSD', category: 'U17' }), row()];
    expect(startListLayout({ eventType: 'ATHLETICS', startListFile: rows })).toEqual({
      kind: 'track',
      flight: false,
      lane: true,
      bib: true,
      club: true,
      category: true,
    });
  });

  it('shows a single repeated category (unlike results)', () => {
    const rows = [row({ category: 'U17' }), row({ category: 'U17' })];
    expect(startListLayout({ eventType: 'JUMP', startListFile: rows }).category).toBe(true);
  });

  it('hides columns no row fills, for a field event', () => {
    const rows = [row({ lane: ' ', bib: '', club: null })];
    expect(startListLayout({ eventType: 'JUMP', startListFile: rows })).toEqual({
      kind: 'field',
      flight: false,
      lane: false,
      bib: false,
      club: false,
      category: false,
    });
  });
});

describe('placeOf', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    [' 3 ', 3],
    ['2.', 2],
  ])('reads %j as place %d', (rank, place) => {
    expect(placeOf(rank)).toBe(place);
  });

  it.each([null, '', '  ', '0', 'DNS', 'DQ', '1a', '-1', '1.5'])('is null for %j', (rank) => {
    expect(placeOf(rank)).toBeNull();
  });
});

describe('rankCode', () => {
  it('reads result codes in the place column', () => {
    expect(rankCode('DNS')).toBe('DNS');
    expect(rankCode(' dnf ')).toBe('DNF');
    expect(rankCode('DSQ')).toBe('DQ');
    expect(rankCode('r')).toBe('r');
  });

  it('is null for places and blanks', () => {
    expect(rankCode('1')).toBeNull();
    expect(rankCode(null)).toBeNull();
    expect(rankCode('')).toBeNull();
  });
});

describe('cellAtHeight', () => {
  const athlete = row({ heights: ['1.70', ' 1.75', '1.80'], attempts: ['O', 'XO'] });

  it('returns the attempt cell at a height', () => {
    expect(cellAtHeight(athlete, '1.70')).toBe('O');
    expect(cellAtHeight(athlete, '1.75')).toBe('XO');
  });

  it('is null at a height the athlete did not attempt or has no cell for', () => {
    expect(cellAtHeight(athlete, '1.65')).toBeNull();
    expect(cellAtHeight(athlete, '1.80')).toBeNull();
    expect(cellAtHeight(row(), '1.70')).toBeNull();
  });
});
