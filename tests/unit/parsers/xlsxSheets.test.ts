import { describe, expect, it } from 'vitest';
import {
  parseFieldResultsXlsx,
  parseStartListXlsx,
  parseTimetableXlsx,
  parseTrackResultsXlsx,
  readFirstSheet,
} from '../../../server/parsers/xlsx/index.ts';
import { bookBytes, sheetBytes } from '../../fixtures/xlsx/book.ts';

const ok = <T>(result: { ok: true; value: T } | { ok: false; error: { reason: string } }): T => {
  if (!result.ok) throw new Error(result.error.reason);
  return result.value;
};

describe('readFirstSheet', () => {
  it('reads only the first worksheet, blank rows left out', () => {
    const bytes = bookBytes([['a', 'b'], [], [null, 2]], [['second', 'sheet']]);
    expect(readFirstSheet(bytes, 'x.xlsx')).toEqual({
      ok: true,
      warnings: [],
      value: [
        ['a', 'b'],
        [null, '2'],
      ],
    });
  });
});

describe('parseStartListXlsx', () => {
  it('finds the header below title rows, in any order and case, and keeps sheet row ids', () => {
    const bytes = bookBytes([
      ['Leinster Championships 2026'],
      ['Start list', null, 'Saturday'],
      [],
      ['  LANE ', 'Club', 'Last Name', 'First Name', 'BIB', 'Category', 'Event'],
      [3, 'DCH', 'Murphy', 'Aoife', 101, 'Senior', 'Women 200m Final'],
      [4, 'GCH', 'Kelly', 'Niamh', 205, 'U20', null],
    ]);
    const event = ok(parseStartListXlsx(bytes, 'start.xlsx'));
    expect(event.eventName).toBe('Women 200m Final');
    expect(event.round).toBe('finals');
    expect(event.trackDiscipline).toBe('TWO_HUNDRED_METER');
    expect(event.rows.map((row) => [row.id, row.lane, row.bib, row.name, row.club])).toEqual([
      ['start.xlsx:5', '3', '101', 'Aoife Murphy', 'DCH'],
      ['start.xlsx:6', '4', '205', 'Niamh Kelly', 'GCH'],
    ]);
  });

  it('keeps only the first event, and drops rows with neither bib nor name', () => {
    const bytes = bookBytes([
      ['bib', 'event', 'first name', 'last name', 'club', 'category', 'lane'],
      [1, 'Men Long Jump', 'Adam', 'Nolan', 'DCH', 'Senior', 1],
      [null, 'Men Long Jump', null, null, 'DCH', null, 2],
      [2, 'Men Long Jump', 'Ryan', 'Flanagan', 'RSAC', 'Senior', 3],
      [3, 'Men Shot Put', 'Cian', 'Brady', 'DCH', 'Senior', 1],
      // Same event further down: still the first event's row.
      [4, 'Men Long Jump', 'Late', 'Entry', 'DCH', 'Senior', 4],
    ]);
    const event = ok(parseStartListXlsx(bytes, 's.xlsx'));
    expect(event.eventType).toBe('JUMP');
    expect(event.fieldDiscipline).toBe('LONG_JUMP');
    expect(event.rows.map((row) => row.bib)).toEqual(['1', '2', '4']);
  });

  it('fails with the file named when no header row is there', () => {
    const result = parseStartListXlsx(
      bookBytes([
        ['just', 'words'],
        ['and', 'more'],
      ]),
      'n.xlsx',
    );
    expect(result).toMatchObject({ ok: false, error: { file: 'n.xlsx' } });
  });
});

describe('results sheets: meet-management synonyms', () => {
  it('reads place/athlete/team/time/wind/reaction, "Last, First" names, and codes in the place column', () => {
    const bytes = bookBytes([
      ['Women 100m Heat 2'],
      ['Pos', 'Bib #', 'Athlete', 'Team', 'Time', 'Reaction (s)', 'Wind (m/s)'],
      [1, 101, 'Murphy, Aoife', 'DCH', '11.872', '0.152', '-0.4'],
      [2, 102, 'Emma Byrne', 'GCH', '12.01', '0.160', '-0.4'],
      ['DQ', 103, 'Leah Moran', 'DSD', null, null, '-0.4'],
    ]);
    const event = ok(parseTrackResultsXlsx(bytes, 'r.xlsx'));
    expect(event).toMatchObject({
      eventName: 'Women 100m Heat 2',
      // A heat number alone names no round: a heat of a first round or a section of a final
      // run by time (shared/eventNames). The operator sets it, or a round word in the name.
      round: 'unknown',
      trackDiscipline: 'ONE_HUNDRED_METER',
      wind: '-0.4',
    });
    expect(event.rows.map((row) => [row.rank, row.name, row.club, row.performance])).toEqual([
      ['1', 'Aoife Murphy', 'DCH', '11.872'],
      ['2', 'Emma Byrne', 'GCH', '12.01'],
      [null, 'Leah Moran', 'DSD', 'DQ'],
    ]);
    expect(event.rows[0]?.reactionTime).toBe('0.152');
  });

  it('field: attempts by synonym, best computed when the sheet has none', () => {
    const bytes = bookBytes([
      ['Place', 'Name', 'Affiliation', 'Trial 1', 'Trial 2', 'Trial 3', 'Jump 4', 'Att5', 'Att6'],
      [1, 'Niamh Kelly', 'GCH', '5.98', 'X', '6.12', null, null, null],
    ]);
    const event = ok(parseFieldResultsXlsx(bytes, 'f.xlsx'));
    expect(event.rows[0]).toMatchObject({
      rank: '1',
      attempts: ['5.98', 'X', '6.12', null, null, null],
      best: '6.12',
      performance: '6.12',
    });
  });
});

describe('parseTimetableXlsx', () => {
  it('reads time cells as "14:30", rounds, types and disciplines by name or enum value', () => {
    const bytes = sheetBytes(
      {
        A1: { t: 's', v: 'Time' },
        B1: { t: 's', v: 'Event Name' },
        C1: { t: 's', v: 'Round' },
        D1: { t: 's', v: 'Event Type' },
        E1: { t: 's', v: 'Discipline' },
        A2: { t: 'n', v: 14.5 / 24, z: 'hh:mm' },
        B2: { t: 's', v: 'Women 100m' },
        C2: { t: 's', v: 'Semis' },
        D2: { t: 's', v: 'track' },
        E2: { t: 's', v: 'ONE_HUNDRED_METER' },
        A3: { t: 'n', v: 15.25 / 24, z: 'h:mm:ss' },
        B3: { t: 's', v: 'Men Javelin' },
        C3: { t: 's', v: 'final' },
        D3: { t: 's', v: 'Field' },
        E3: { t: 's', v: 'Javelin Throw' },
        A4: { t: 'n', v: 16 / 24 },
        B4: { t: 's', v: 'Mixed 4x400m Relay' },
        C4: { t: 's', v: 'Heats' },
      },
      'A1:E4',
    );
    expect(ok(parseTimetableXlsx(bytes, 't.xlsx'))).toEqual([
      {
        time: '14:30',
        eventName: 'Women 100m',
        round: 'semis',
        eventType: 'ATHLETICS',
        trackDiscipline: 'ONE_HUNDRED_METER',
        fieldDiscipline: null,
      },
      {
        time: '15:15',
        eventName: 'Men Javelin',
        round: 'finals',
        eventType: 'JUMP',
        trackDiscipline: null,
        fieldDiscipline: 'JAVELIN_THROW',
      },
      {
        time: '16:00',
        eventName: 'Mixed 4x400m Relay',
        round: 'heats',
        eventType: 'ATHLETICS',
        trackDiscipline: 'CUSTOM',
        fieldDiscipline: null,
      },
    ]);
  });

  it('maps the round words (heats, semi-finals, finals...), anything else to unknown', () => {
    const rounds = ['heat', 'Heats', 'final', 'Finals', 'semi', 'prelims', 'Quarters', 'Round 2'];
    const bytes = bookBytes([
      ['time', 'event name', 'round'],
      ...rounds.map((r) => ['10:00', 'E', r]),
    ]);
    expect(ok(parseTimetableXlsx(bytes, 't.xlsx')).map((entry) => entry.round)).toEqual([
      'heats',
      'heats',
      'finals',
      'finals',
      'semis',
      'prelims',
      'quarters',
      'unknown',
    ]);
  });
});
