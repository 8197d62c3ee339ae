// OpenTrack competition JSON, read into Rith's exchange model and written back.
//
// Fixtures (tests/fixtures/exchange/):
// - opentrack-seriestevne-3-2025.json: a real OpenTrack export, trimmed to seven events and
//   the competitors in them (dates of birth and other fields the reader does not use dropped,
//   every kept value as published). "Seriestevne 3-2025", IL i BUL Tromsø, Valhalla stadion,
//   21 May 2025: the example.json of github.com/asmundg/opentrack-api (commit 11b01a94).
//   It has a 60 m run in two races without places, hammer and long jump pools with their
//   trials (fouls, passes, winds), seeds (pb/qp/sb) and placeholder national ids.
// - opentrack-built-youth.json: built by hand in the same shape, because no public export
//   with a vertical jump or a multi-round event was found: a high jump with bar heights, a
//   60 m hurdles with two heats and a final, codes (DNS, DNF, DQ, NM) and an entries-only event.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExchangeEvent, ExchangeMeet } from '../../../server/parsers/exchange/model.ts';
import {
  looksLikeOpenTrack,
  readOpenTrack,
  writeOpenTrack,
} from '../../../server/parsers/exchange/opentrack.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/exchange/${name}`, import.meta.url), 'utf8');
const REAL = 'opentrack-seriestevne-3-2025.json';
const BUILT = 'opentrack-built-youth.json';

function read(text: string, file = 'meet.json'): ExchangeMeet {
  const result = readOpenTrack(text, file);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

const byKey = (meet: ExchangeMeet, key: string): ExchangeEvent => {
  const event = meet.events.find((candidate) => candidate.key === key);
  if (!event) throw new Error(`no event ${key}`);
  return event;
};
const rowOf = (rows: AthleteRow[] | null, bib: string): AthleteRow => {
  const row = rows?.find((candidate) => candidate.bib === bib);
  if (!row) throw new Error(`no row for bib ${bib}`);
  return row;
};

/** What a round trip must keep: everything but row ids. */
function comparable(meet: ExchangeMeet) {
  const rows = (list: AthleteRow[] | null) => list?.map(({ id: _id, ...row }) => row) ?? null;
  return {
    ...meet,
    events: meet.events.map((event) => ({
      ...event,
      startList: rows(event.startList),
      results: rows(event.results),
    })),
  };
}

describe('readOpenTrack: a real OpenTrack export (Seriestevne 3-2025, Tromsø)', () => {
  const result = readOpenTrack(fixture(REAL), REAL);
  const meet = read(fixture(REAL), REAL);

  it('reads the meet and one event per unit, with no warnings', () => {
    expect(result.ok && result.warnings).toEqual([]);
    expect({ ...meet, events: meet.events.length }).toEqual({
      source: 'opentrack',
      name: 'Seriestevne 3-2025',
      date: '2025-05-21',
      finishDate: '2025-05-21',
      venue: 'Valhalla stadion',
      events: 8,
    });
    expect(
      meet.events.map((event) => [event.key, event.eventName, event.round, event.heat]),
    ).toEqual([
      ['opentrack|F02|1|1', 'J15 Slegge (Hammer Throw)', 'finals', null],
      ['opentrack|F06|1|1', 'G14 Slegge (Hammer Throw)', 'finals', null],
      ['opentrack|F15|1|1', 'G12 Lengde (Long Jump)', 'finals', null],
      ['opentrack|T02|1|1', 'G10 60 meter', 'finals', 1],
      ['opentrack|T02|1|2', 'G10 60 meter', 'finals', 2],
      ['opentrack|T06|1|1', 'J14 60 meter', 'finals', null],
      ['opentrack|T11|1|1', 'G16 200 meter', 'finals', null],
      ['opentrack|T13|1|1', 'MS 1500 meter', 'finals', null],
    ]);
  });

  it('takes the discipline from the event code, whatever the Norwegian name says', () => {
    const hammer = byKey(meet, 'opentrack|F02|1|1');
    expect(hammer).toMatchObject({
      eventRef: 'F02',
      code: 'HT',
      eventType: 'JUMP',
      fieldDiscipline: 'HAMMER_THROW',
      trackDiscipline: null,
      category: 'J15',
      gender: 'F',
      time: '17:00',
      official: true,
    });
    expect(byKey(meet, 'opentrack|T13|1|1')).toMatchObject({
      eventType: 'ATHLETICS',
      trackDiscipline: 'FIFTEEN_HUNDRED_METER',
      wind: '+2.5',
    });
  });

  it('reads a race run in two heats: start lists in lane order, times and winds, no places', () => {
    const [first, second] = [byKey(meet, 'opentrack|T02|1|1'), byKey(meet, 'opentrack|T02|1|2')];
    expect(first.startList?.map((row) => [row.bib, row.lane, row.name])).toEqual([
      ['18', '3', 'Rage Aw Abdi Grytås'],
      ['27', '5', 'Jarle Lieng Jensen'],
      ['29', '4', 'Ola Kuttner'],
    ]);
    expect([first.time, first.wind, second.time, second.wind]).toEqual([
      '17:05',
      '+2.4',
      '17:08',
      '+4.5',
    ]);
    expect(second.results?.map((row) => [row.bib, row.rank, row.performance])).toEqual([
      ['11', null, '10.64'],
      ['14', null, '11.70'],
      ['3', null, '12.73'],
      ['35', null, '10.88'],
      ['36', null, '12.78'],
    ]);
    // Entered (bibs 7 and 44) but never seeded into a race: in no start list.
    const bibs = meet.events.flatMap((event) => event.startList ?? []).map((row) => row.bib);
    expect(bibs).not.toContain('7');
    expect(bibs).not.toContain('44');
  });

  it('orders results by place and reads the OpenTrack rounded performance', () => {
    const sixty = byKey(meet, 'opentrack|T06|1|1');
    expect(sixty.results?.map((row) => [row.rank, row.bib, row.performance])).toEqual([
      ['1', '9', '9.18'],
      ['2', '25', '9.18'],
    ]);
    expect(rowOf(byKey(meet, 'opentrack|T13|1|1').results, '8').performance).toBe('4:11.58');
  });

  it("reads throws' trials: marks as written, fouls X, passes -, no wind", () => {
    const hammer = byKey(meet, 'opentrack|F02|1|1');
    expect(hammer.results?.map((row) => row.bib)).toEqual(['17', '5']);
    expect(rowOf(hammer.results, '5')).toMatchObject({
      rank: '2',
      performance: '17.24',
      attempts: ['14.63', '17.24', 'X', '17.13', '14.66', 'X'],
      best: '17.24',
      windspeed: null,
    });
    expect(rowOf(hammer.results, '5').attemptWinds).toBeUndefined();
    expect(rowOf(byKey(meet, 'opentrack|F06|1|1').results, '37').attempts).toEqual([
      '14.99',
      '17.85',
      '-',
      '-',
      '-',
      '-',
    ]);
  });

  it("reads a jump's trials with each attempt's wind, and the best mark's wind", () => {
    const row = rowOf(byKey(meet, 'opentrack|F15|1|1').results, '19');
    expect(row).toMatchObject({
      name: 'Einar Hallanger',
      attempts: ['2.40', '2.30', 'X', '2.20'],
      attemptWinds: ['+4.3', '+3.3', null, '+3.6'],
      best: '2.40',
      windspeed: '+4.3',
    });
  });

  it('reads seeds from eventsEntered: pb, and qp (or sb) as the season seed', () => {
    expect(rowOf(byKey(meet, 'opentrack|F15|1|1').results, '19')).toMatchObject({
      pb: '2.72',
      sb: '2.72',
    });
    expect(rowOf(byKey(meet, 'opentrack|T11|1|1').startList, '39')).toMatchObject({
      pb: '23.79',
      sb: '23.79',
    });
    // Bib 29 gave a long jump seed only: none on the 60 m.
    expect(rowOf(byKey(meet, 'opentrack|T02|1|1').startList, '29').pb).toBeUndefined();
  });

  it('reads the club, category and licence; "None" and a missing nationalId are no licence', () => {
    expect(rowOf(byKey(meet, 'opentrack|T02|1|2').results, '35')).toMatchObject({
      club: 'IL i BUL Tromso',
      category: 'G9',
      gender: 'M',
      licence: '135590552',
    });
    expect(rowOf(byKey(meet, 'opentrack|T02|1|1').results, '18').licence).toBeUndefined();
  });
});

describe('readOpenTrack: vertical jumps, rounds, codes and entries (built fixture)', () => {
  const meet = read(fixture(BUILT), BUILT);

  it('reads a high jump: every bar height of the pool, one cell per height in Rith spelling', () => {
    const high = byKey(meet, 'opentrack|F01|1|1');
    expect(high).toMatchObject({
      eventName: 'G13 Høyde (High Jump)',
      fieldDiscipline: 'HIGH_JUMP',
    });
    expect(
      high.results?.map((row) => [row.rank, row.bib, row.performance, row.best, row.attempts]),
    ).toEqual([
      ['1', '101', '1.30', '1.30', ['O', 'XO', 'XXO', 'XXX']],
      ['2', '102', '1.25', '1.25', ['-', 'O', 'XXX', null]],
      // Two trials at 1.20 (x, then o) are one cell.
      ['3', '103', '1.20', '1.20', ['XO', 'XXX', null, null]],
      [null, '104', 'NM', null, ['XXX', null, null, null]],
    ]);
    expect(high.results?.every((row) => row.heights?.join(' ') === '1.20 1.25 1.30 1.35')).toBe(
      true,
    );
  });

  it('names rounds from the last (final) back, and splits heats only where a round has several', () => {
    expect(
      meet.events
        .filter((event) => event.eventRef === 'T01')
        .map((event) => [event.key, event.round, event.heat, event.time, event.wind]),
    ).toEqual([
      ['opentrack|T01|1|1', 'heats', 1, '17:00', '+1.2'],
      ['opentrack|T01|1|2', 'heats', 2, '17:05', '-0.4'],
      ['opentrack|T01|2|1', 'finals', null, '19:10', null],
    ]);
    const final = byKey(meet, 'opentrack|T01|2|1');
    expect(final).toMatchObject({ results: null, official: null, code: '60H' });
    expect(final.eventName).toBe('J14 60 meter hekk (60m Hurdles)');
    expect(final.startList?.map((row) => [row.bib, row.lane])).toEqual([
      ['203', '2'],
      ['201', '3'],
      ['202', '4'],
    ]);
  });

  it('reads result codes as codes, unplaced after the placed', () => {
    expect(
      byKey(meet, 'opentrack|T01|1|1').results?.map((row) => [row.rank, row.performance]),
    ).toEqual([
      ['1', '10.12'],
      ['2', '10.95'],
      [null, 'DNF'],
    ]);
    expect(rowOf(byKey(meet, 'opentrack|T01|1|2').results, '204').performance).toBe('DQ');
    const hammer = byKey(meet, 'opentrack|F02|1|1');
    expect(rowOf(hammer.results, '104').performance).toBe('DNS');
    expect(hammer.official).toBe(false);
  });

  it('turns an event with entrants and no units into its start list, in entry order', () => {
    const entries = byKey(meet, 'opentrack|T02|1|1');
    expect(entries).toMatchObject({ round: 'finals', heat: null, time: '17:45', results: null });
    expect(entries.startList?.map((row) => [row.bib, row.name, row.pb, row.sb])).toEqual([
      ['302', 'Frida Olsen', undefined, '9.10'],
      ['301', 'Ella Pedersen', '8.95', undefined],
    ]);
  });

  it('reads placeholder national ids (None, blank, 0) as no licence', () => {
    const high = byKey(meet, 'opentrack|F01|1|1');
    expect(['101', '102', '103', '104'].map((bib) => rowOf(high.results, bib).licence)).toEqual([
      '150001234',
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('writeOpenTrack', () => {
  it.each([REAL, BUILT])(
    'round-trips %s: the same events, rows, marks, wind and trials',
    (name) => {
      const meet = read(fixture(name), name);
      const again = readOpenTrack(writeOpenTrack(meet), name);
      expect(again.ok && again.warnings).toEqual([]);
      expect(comparable(read(writeOpenTrack(meet), name))).toEqual(comparable(meet));
    },
  );

  it('regroups the heats and rounds of one eventRef into one OpenTrack event', () => {
    const meet = read(fixture(BUILT), BUILT);
    const json = JSON.parse(writeOpenTrack(meet)) as {
      events: { eventId: string; rounds: string; units: { round: number; heat: number }[] }[];
    };
    const hurdles = json.events.find((event) => event.eventId === 'T01');
    expect(hurdles?.rounds).toBe('2');
    expect(hurdles?.units.map((unit) => [unit.round, unit.heat])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
  });

  it('makes up event ids and stable, unnumbered competitor ids where the meet has none', () => {
    const row = (name: string, bib: string | null, rank: string | null): AthleteRow => ({
      ...{ id: name, rank, bib, name, eventName: null, club: 'Tromsø Friidrett' },
      ...{ category: null, performance: rank ? `1${rank}.00` : null, points: null, lane: null },
      pdfUrl: null,
    });
    const heat = (number: number, rows: AthleteRow[]): ExchangeEvent => ({
      ...{ key: `csv|women 100m|heats|${number}`, eventRef: null, code: null },
      ...{ eventName: 'Women 100m', eventType: 'ATHLETICS', trackDiscipline: 'ONE_HUNDRED_METER' },
      ...{ fieldDiscipline: null, category: null, gender: 'F', round: 'heats', heat: number },
      ...{ time: null, wind: null, startList: null, results: rows, official: null },
    });
    const meet: ExchangeMeet = {
      ...{ source: 'csv', name: 'Club night', date: null, finishDate: null, venue: null },
      events: [
        heat(1, [row('Ann Lie', '7', '1'), row('Kari Moe', null, '2')]),
        heat(2, [row('Siri Dahl', null, '1'), row('Kari Moe', null, null)]),
      ],
    };
    const text = writeOpenTrack(meet);
    expect(writeOpenTrack(meet)).toBe(text);
    const json = JSON.parse(text) as {
      competitors: { competitorId: string; numbered: boolean }[];
      events: { eventId: string; eventCode: string; units: unknown[] }[];
    };
    expect(
      json.events.map((event) => [event.eventId, event.eventCode, event.units.length]),
    ).toEqual([['T01', '100', 2]]);
    expect(json.competitors.map((c) => [c.competitorId, c.numbered])).toEqual([
      ['7', true],
      ['nobib-1', false],
      ['nobib-2', false],
    ]);
    const back = read(text);
    expect(back.events.map((event) => [event.round, event.heat, event.eventName])).toEqual([
      ['heats', 1, 'Women 100m'],
      ['heats', 2, 'Women 100m'],
    ]);
    expect(back.events[1]?.results?.map((r) => [r.bib, r.name, r.rank])).toEqual([
      [null, 'Siri Dahl', '1'],
      [null, 'Kari Moe', null],
    ]);
  });
});

describe('readOpenTrack: files it cannot read', () => {
  const minimal = (event: string) =>
    `{\n  "fullName": "Test",\n  "competitors": [],\n  "events": [\n${event}\n  ]\n}\n`;

  it('names the line of a JSON syntax error', () => {
    const text =
      '{\n  "competitors": [],\n  "events": [\n    { "eventId": "T01" }\n    { "eventId": "T02" }\n  ]\n}';
    const result = readOpenTrack(text, 'bad.json');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ file: 'bad.json', row: 5 });
    expect(!result.ok && result.error.reason).toMatch(/^not valid JSON: expected ','/);
  });

  it('names the path and line of a value of the wrong kind', () => {
    const event = [
      '    { "eventId": "T01", "eventCode": "100", "name": "100m",',
      '      "units": [ { "heat": 1, "round": 1, "results": [',
      '        { "bib": "1", "performance": "12.00" },',
      '        { "bib": "2", "performance": { "time": 12.5 } }',
      '      ] } ] }',
    ].join('\n');
    const result = readOpenTrack(minimal(event), 'bad.json');
    expect(!result.ok && result.error).toEqual({
      file: 'bad.json',
      row: 8,
      reason: 'events[0].units[0].results[1]: performance is not text',
    });
  });

  it('reads an event with no code and a name that says nothing as a custom event, with a warning', () => {
    const event = '    { "eventId": "X01", "name": "Moro for alle", "units": [] }';
    const result = readOpenTrack(minimal(event), 'odd.json');
    if (!result.ok) throw new Error(result.error.reason);
    expect(result.value.events[0]).toMatchObject({
      eventName: 'Moro for alle',
      eventType: 'ATHLETICS',
      trackDiscipline: 'CUSTOM',
    });
    expect(result.warnings).toEqual([
      {
        file: 'odd.json',
        row: 5,
        reason:
          'events[0] "Moro for alle": no eventCode and the name does not say the discipline; read as a custom track event',
      },
    ]);
  });

  it('reads the discipline from the name when the code is missing', () => {
    const event = '    { "eventId": "F09", "name": "Women Long Jump", "units": [] }';
    const result = readOpenTrack(minimal(event), 'name.json');
    expect(result.ok && result.warnings).toEqual([]);
    expect(result.ok && result.value.events[0]?.fieldDiscipline).toBe('LONG_JUMP');
  });
});

describe('looksLikeOpenTrack', () => {
  it('takes any JSON object, even cut short, so its error says where it breaks', () => {
    expect(looksLikeOpenTrack(fixture(REAL))).toBe(true);
    expect(looksLikeOpenTrack('{ "competitors": [], "events": [ {')).toBe(true);
    expect(looksLikeOpenTrack('\uFEFF  { "events": [] }')).toBe(true);
    expect(looksLikeOpenTrack('event,first name\n100m,Ann')).toBe(false);
    const cut = readOpenTrack(fixture(REAL).slice(0, 2000), 'cut.json');
    expect(!cut.ok && cut.error.reason).toMatch(/^not valid JSON: /);
  });
});
