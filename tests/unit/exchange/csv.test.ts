// Rith's CSV exchange template, read and written.
//
// Fixture tests/fixtures/exchange/rith-template-seriestevne.csv: results and a start list of
// the public OpenTrack meet "Seriestevne 3-2025" (IL i BUL Tromsø, 21 May 2025; see
// opentrack.test.ts) typed into the template the way an operator might: semicolons, a BOM,
// CRLF, the columns in another order under other spellings (Rank, Result, Team, Name as
// "Last, First"), quoted fields.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  looksLikeCsv,
  readCsv,
  writeCsv,
} from '../../../server/parsers/exchange/csv.ts';
import type { ExchangeEvent, ExchangeMeet } from '../../../server/parsers/exchange/model.ts';
import { readOpenTrack } from '../../../server/parsers/exchange/opentrack.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/exchange/${name}`, import.meta.url), 'utf8');
const TEMPLATE = 'rith-template-seriestevne.csv';

function read(text: string, file = 'meet.csv'): ExchangeMeet {
  const result = readCsv(text, file);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

const HEADER = CSV_COLUMNS.join(',');

/** Rows without ids, events without what only one format has (keys, refs). */
function comparable(meet: ExchangeMeet, options: { crossFormat?: boolean } = {}) {
  const rows = (list: AthleteRow[] | null) =>
    list?.map(({ id: _id, attemptWinds: _winds, ...row }) => row) ?? null;
  return meet.events.map((event) => {
    const { key, eventRef: _ref, category, gender, ...rest } = event;
    return {
      ...rest,
      ...(options.crossFormat ? {} : { key, category, gender }),
      // OpenTrack gives a unit's start list beside its results; a CSV row is one or the other.
      startList: options.crossFormat && event.results ? null : rows(event.startList),
      results: rows(event.results),
    };
  });
}

describe('readCsv: the template as an operator fills it in', () => {
  const result = readCsv(fixture(TEMPLATE), TEMPLATE);
  const meet = read(fixture(TEMPLATE), TEMPLATE);

  it('groups rows by event, round and heat', () => {
    expect(result.ok && result.warnings).toEqual([]);
    expect(meet.source).toBe('csv');
    expect(
      meet.events.map((event) => [event.key, event.eventName, event.round, event.heat]),
    ).toEqual([
      ['csv|g10 60 meter|finals|1', 'G10 60 meter', 'finals', 1],
      ['csv|g10 60 meter|finals|2', 'G10 60 meter', 'finals', 2],
      ['csv|g12 lengde (long jump)|finals|', 'G12 Lengde (Long Jump)', 'finals', null],
      ['csv|j15 slegge (hammer throw)|finals|', 'J15 Slegge (Hammer Throw)', 'finals', null],
      ['csv|g16 300 meter|unknown|', 'G16 300 meter', 'unknown', null],
    ]);
  });

  it('reads the event code for the discipline, and the race time, wind and status', () => {
    const [first, second, jump, hammer] = meet.events;
    expect(first).toMatchObject({
      code: '60',
      eventType: 'ATHLETICS',
      trackDiscipline: 'SIXTY_METER',
      time: '17:05',
      wind: '+2.4',
      official: true,
      gender: 'M',
      category: null,
    });
    expect(second?.wind).toBe('+4.5');
    expect(jump).toMatchObject({ eventType: 'JUMP', fieldDiscipline: 'LONG_JUMP', wind: null });
    expect(hammer).toMatchObject({ fieldDiscipline: 'HAMMER_THROW', category: 'J15', gender: 'F' });
  });

  it('reads rows: names turned round, quoted fields, marks, lanes, licences and seeds', () => {
    const race = meet.events[1];
    expect(race?.startList).toBeNull();
    expect(race?.results?.map((row) => [row.bib, row.name, row.lane, row.performance])).toEqual([
      ['11', 'Ottar Ek', '3', '10.64'],
      ['14', 'Jakob Flaa', '6', '11.70'],
      ['3', 'Marinius Aasen', '7', '12.73'],
      ['35', 'Viljar Herman Porserud Norvik', '5', '10.88'],
      ['36', 'Samuel Helmer Porserud Norvik', '4', '12.78'],
    ]);
    expect(race?.results?.[3]).toMatchObject({
      club: 'IL i BUL Tromso',
      category: 'G9',
      licence: '135590552',
      windspeed: null,
      rank: null,
    });
  });

  it('reads field rows: attempts in Rith spelling, the best, the row wind and seeds', () => {
    expect(meet.events[2]?.results?.[0]).toMatchObject({
      id: `${TEMPLATE}:10`,
      rank: '1',
      name: 'Einar Hallanger',
      performance: '2.40',
      attempts: ['2.40', '2.30', 'X', '2.20'],
      best: '2.40',
      windspeed: '+4.3',
      pb: '2.72',
      sb: '2.72',
    });
    expect(meet.events[3]?.results?.map((row) => [row.rank, row.best, row.attempts])).toEqual([
      ['1', '30.63', ['30.63', 'X', 'X', 'X', 'X', 'X']],
      ['2', '17.24', ['14.63', '17.24', 'X', '17.13', '14.66', 'X']],
    ]);
  });

  it('keeps an event with no place, mark or code as a start list', () => {
    expect(meet.events[4]).toMatchObject({ results: null, time: '18:35' });
    expect(meet.events[4]?.startList?.map((row) => [row.bib, row.lane])).toEqual([
      ['23', '4'],
      ['42', '3'],
    ]);
  });
});

describe('readCsv: the reading rules', () => {
  it('reads round words and warns of one it does not know', () => {
    const text = [
      'event,round,name,place',
      'Men 400m,Final,A,1',
      'Men 400m,Heat,B,1',
      'Men 400m,semi-final,C,1',
      'Men 400m,SF,D,2',
      'Men 400m,heats,E,2',
      'Men 400m,bogus,F,1',
    ].join('\n');
    const result = readCsv(text, 'r.csv');
    if (!result.ok) throw new Error(result.error.reason);
    expect(result.value.events.map((event) => [event.round, event.results?.length])).toEqual([
      ['finals', 1],
      ['heats', 2],
      ['semis', 2],
      ['unknown', 1],
    ]);
    expect(result.warnings).toEqual([
      { file: 'r.csv', row: 7, reason: 'round "bogus" is not one Rith knows' },
    ]);
  });

  it('reads the discipline from the name without a code, and a vertical jump by its heights', () => {
    const text = [
      'Event,First Name,Last Name,Rank,Mark,Attempts,Heights',
      'Girls High Jump,Ann,Lie,1,1.45,o xo . xxx,1.40 1.45 1.50 1.55',
      'Girls High Jump,Kari,Moe,2,1.40,xxo xxx,1.40 1.45 1.50 1.55',
    ].join('\r\n');
    const [event] = read(text).events;
    expect(event).toMatchObject({ eventType: 'JUMP', fieldDiscipline: 'HIGH_JUMP', gender: null });
    expect(event?.results?.map((row) => [row.best, row.attempts, row.heights?.length])).toEqual([
      ['1.45', ['O', 'XO', null, 'XXX'], 4],
      ['1.40', ['XXO', 'XXX', null, null], 4],
    ]);
  });

  it('moves a code in the place column to the mark, and reads rows with a result as results', () => {
    const text = 'event;name;place;mark\n100m;Ann;1;12.10\n100m;Kari;dns;\n100m;Siri;;\n';
    const [event] = read(text).events;
    expect(event?.startList).toBeNull();
    expect(event?.results?.map((row) => [row.name, row.rank, row.performance])).toEqual([
      ['Ann', '1', '12.10'],
      ['Kari', null, 'DNS'],
      ['Siri', null, null],
    ]);
  });

  it('reads RFC 4180 quoting: delimiters, doubled quotes and line breaks inside a field', () => {
    const text =
      'event,name,club,place\r\n"Women 100m, final","Lie, Ann","IL ""Tyrving""\r\nBærum",1\r\nWomen 100m,Kari Moe,,2\r\n';
    const meet = read(text);
    expect(meet.events.map((event) => event.eventName)).toEqual([
      'Women 100m, final',
      'Women 100m',
    ]);
    expect(meet.events[0]?.results?.[0]).toMatchObject({
      name: 'Ann Lie',
      club: 'IL "Tyrving"\r\nBærum',
    });
    expect(meet.events[1]?.results?.[0]?.id).toBe('meet.csv:4');
  });
});

describe('readCsv: files it cannot read', () => {
  it('needs a name column', () => {
    const result = readCsv('event,club,place\n100m,Tromsø,1\n', 'x.csv');
    expect(!result.ok && result.error).toEqual({
      file: 'x.csv',
      row: 1,
      column: 'name',
      reason: 'the header row has no name column (first name, last name or name)',
    });
  });

  it('names the line of an unreadable place', () => {
    const result = readCsv('event;name;place\n100m;Ann;1\n100m;Kari;first\n', 'x.csv');
    expect(!result.ok && result.error).toEqual({
      file: 'x.csv',
      row: 3,
      column: 'place',
      reason: 'place "first" is not a number or a result code (DNS, DNF, DQ, NM)',
    });
  });

  it('names the line of a heat that is not a positive number', () => {
    const result = readCsv('event,name,heat\n100m,Ann,1\n100m,Kari,A\n100m,Siri,0\n', 'x.csv');
    expect(!result.ok && [result.error.row, result.error.column]).toEqual([3, 'heat']);
  });

  it('names the line where unbalanced quotes leave a row with the wrong number of fields', () => {
    const text = 'event,name,place\n100m,Ann,1\n100m,"Kari,2\n200m,Siri,1\n';
    const result = readCsv(text, 'x.csv');
    expect(!result.ok && result.error).toEqual({
      file: 'x.csv',
      row: 3,
      reason:
        'unbalanced quotes: a quote opened on line 3 is never closed, so the row has 2 fields where the header has 3',
    });
  });

  it('names the line of a row without its event', () => {
    const result = readCsv('event,name\n100m,Ann\n,Kari\n', 'x.csv');
    expect(!result.ok && [result.error.row, result.error.column]).toEqual([3, 'event']);
  });
});

describe('writeCsv', () => {
  it('writes the template header', () => {
    expect(writeCsv(read(fixture(TEMPLATE))).split('\r\n')[0]).toBe(HEADER);
    expect(HEADER).toBe(
      'event,event code,round,heat,time,wind,status,place,bib,first name,last name,club,category,gender,licence,lane,mark,points,pb,sb,attempts,heights',
    );
  });

  it('round-trips the template', () => {
    const meet = read(fixture(TEMPLATE), TEMPLATE);
    expect(comparable(read(writeCsv(meet), TEMPLATE))).toEqual(comparable(meet));
  });

  it.each(['opentrack-seriestevne-3-2025.json', 'opentrack-built-youth.json'])(
    'round-trips the events of %s read from OpenTrack',
    (name) => {
      const opentrack = readOpenTrack(fixture(name), name);
      if (!opentrack.ok) throw new Error(opentrack.error.reason);
      const meet = read(writeCsv(opentrack.value));
      expect(comparable(meet, { crossFormat: true })).toEqual(
        comparable(opentrack.value, { crossFormat: true }),
      );
    },
  );

  it('quotes what needs it and guards cells a spreadsheet would run as a formula', () => {
    const row: AthleteRow = {
      ...{ id: 'r', rank: '1', bib: '=1+2', name: '@Ann Lie', eventName: null },
      ...{ club: 'IL "Tyrving", Bærum', category: "'=old", performance: '12.10' },
      ...{ points: '-5', lane: null, pdfUrl: null, windspeed: '-0.4' },
    };
    const event: ExchangeEvent = {
      ...{ key: 'k', eventRef: null, code: '100', eventName: '+Women 100m' },
      ...{ eventType: 'ATHLETICS', trackDiscipline: 'ONE_HUNDRED_METER', fieldDiscipline: null },
      ...{ category: null, gender: null, round: 'finals', heat: null, time: null, wind: null },
      ...{ startList: null, results: [row], official: null },
    };
    const meet: ExchangeMeet = {
      ...{ source: 'csv', name: null, date: null, finishDate: null, venue: null },
      events: [event],
    };
    const text = writeCsv(meet);
    const line = text.split('\r\n')[1];
    expect(line).toBe(
      `'+Women 100m,100,finals,,,-0.4,,1,'=1+2,'@Ann,Lie,"IL ""Tyrving"", Bærum",''=old,,,,12.10,-5,,,,`,
    );
    const [back] = read(text).events;
    expect(back?.eventName).toBe('+Women 100m');
    expect(back?.wind).toBe('-0.4');
    expect(back?.results?.[0]).toMatchObject({
      bib: '=1+2',
      name: '@Ann Lie',
      club: 'IL "Tyrving", Bærum',
      category: "'=old",
      points: '-5',
    });
  });

  it('writes an event without athletes as a line of its own, read back as the event alone', () => {
    const meet = read('event,event code,name,time,round\nBoys Long Jump,LJ,,18:00,final\n');
    expect(meet.events).toHaveLength(1);
    expect(meet.events[0]).toMatchObject({ startList: null, results: null, time: '18:00' });
    expect(comparable(read(writeCsv(meet)))).toEqual(comparable(meet));
  });
  it('adds a corrections column when given corrections, which the reader ignores', () => {
    const meet = read(fixture(TEMPLATE), TEMPLATE);
    const text = writeCsv(meet, [
      {
        at: '2025-05-22T08:30:00Z',
        eventKey: 'csv|j15 slegge (hammer throw)|finals|',
        ...{ eventName: 'J15 Slegge (Hammer Throw)', round: 'finals', heat: null },
        changes: ['Ylva Martedatter Grammeltvedt: 30.36 → 30.63'],
      },
    ]);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(`${HEADER},corrections`);
    expect(
      lines.find((line) => line.includes('Grammeltvedt'))?.endsWith(',2025-05-22: 30.36 → 30.63'),
    ).toBe(true);
    expect(lines[1]?.endsWith(',')).toBe(true);
    expect(comparable(read(text, TEMPLATE))).toEqual(comparable(meet));
  });
});

describe('looksLikeCsv', () => {
  it('knows the template by a header naming the event and a name', () => {
    expect(looksLikeCsv(fixture(TEMPLATE))).toBe(true);
    expect(looksLikeCsv(`${HEADER}\r\n`)).toBe(true);
    expect(looksLikeCsv('Event;Name\n100m;Ann\n')).toBe(true);
    expect(looksLikeCsv('event,club\n100m,IL\n')).toBe(false);
    expect(looksLikeCsv('{ "competitors": [], "events": [] }')).toBe(false);
  });
});
