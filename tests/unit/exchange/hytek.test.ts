import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { looksLikeHytek, readHytek, writeHytek } from '../../../server/parsers/exchange/hytek.ts';
import { feetInchesToMetres } from '../../../server/parsers/exchange/hytek/marks.ts';
import type { ExchangeEvent, ExchangeMeet } from '../../../server/parsers/exchange/model.ts';
import { athleteRow } from '../../../server/parsers/athleteRow.ts';

/*
 * Fixtures (tests/fixtures/exchange/):
 * - meetpro-results-field.csv: a real results export, unchanged (MeetPro by DirectAthletics,
 *   CYO #3 2025 Morning Field, 26 April 2025; /work/shared/formats/samples/exchange/).
 * - hytek-results-track.txt: the real collegiate meet of Rith's FinishLynx samples
 *   (/work/shared/formats/samples/finishlynx/: 001-1-01, 003-1-01, 005-1-01 .lif; 035-1-01,
 *   038-1-01/02 .lff) written out as a Hy-Tek results file: the same athletes, teams, places,
 *   times (rounded up to hundredths, as the .lif's own display column does), best field marks
 *   and winds; the header has no dates because the samples give none, and team codes other
 *   than the .lif relay codes (BUCK, LAFA, LOHA) were made from the team names. Times carry
 *   units E, as real Hy-Tek files do, and the 4x100 has Hy-Tek's relay code 400.
 * - hytek-entries.txt: no public Hy-Tek entries file could be found, so this one is built from
 *   the MeetPro sample's real athletes and teams (same people, teams, grades; their MeetPro ids
 *   as competitor numbers; their marks of that meet as seeds in feet-inches, plausible seed
 *   times for the 100 and 1600), in the record layout of Hy-Tek's "Import Entries from a
 *   Semi-Colon Delimited File": I athletes, D entries, one older E entry, Q relay entries.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/exchange/${name}`, import.meta.url), 'utf8');
const MEETPRO = fixture('meetpro-results-field.csv');
const TRACK = fixture('hytek-results-track.txt');
const ENTRIES = fixture('hytek-entries.txt');

function read(text: string, file = 'meet.txt'): ExchangeMeet {
  const result = readHytek(text, file);
  if (!result.ok) throw new Error(`${result.error.row}: ${result.error.reason}`);
  return result.value;
}

const eventByKey = (meet: ExchangeMeet, key: string): ExchangeEvent => {
  const event = meet.events.find((candidate) => candidate.key === key);
  if (!event) throw new Error(`no event ${key}`);
  return event;
};

describe('readHytek: entries', () => {
  const meet = read(ENTRIES, 'entries.txt');

  it('makes one event per event code, gender and division, named in English', () => {
    expect(meet).toMatchObject({ source: 'hytek', name: null, date: null });
    expect(meet.events.map((event) => [event.key, event.eventName])).toEqual([
      ['hytek|JT|M|5th grade', 'Boys 5th grade Javelin Throw'],
      ['hytek|JT|F|5th grade', 'Girls 5th grade Javelin Throw'],
      ['hytek|LJ|M|6th grade', 'Boys 6th grade Long Jump'],
      ['hytek|100|M|5th grade', 'Boys 5th grade 100m'],
      ['hytek|1600|F|5th grade', 'Girls 5th grade 1600m'],
      ['hytek|HJ|M|5th grade', 'Boys 5th grade High Jump'],
      ['hytek|4X100|M|5th grade', 'Boys 5th grade 4x100m Relay'],
    ]);
    for (const event of meet.events) {
      expect(event).toMatchObject({ results: null, eventRef: null, heat: null, wind: null });
    }
    expect(eventByKey(meet, 'hytek|JT|M|5th grade')).toMatchObject({
      eventType: 'JUMP',
      fieldDiscipline: 'JAVELIN_THROW',
      category: '5th grade',
      gender: 'M',
    });
    expect(eventByKey(meet, 'hytek|100|M|5th grade').trackDiscipline).toBe('ONE_HUNDRED_METER');
  });

  it('gives each start list its athletes, clubs, bibs and seeds (feet-inches in metres)', () => {
    const javelin = eventByKey(meet, 'hytek|JT|M|5th grade').startList!;
    expect(javelin[0]).toMatchObject({
      id: '592',
      bib: '592',
      name: 'Willis Ellis',
      club: 'Prince Of Peace CYOKS',
      category: '5th grade',
      gender: 'M',
      sb: '24.84',
      rank: null,
      performance: null,
    });
    expect(javelin.map((row) => row.sb)).toEqual(['24.84', '23.19', '23.06', null, null]);
    expect(eventByKey(meet, 'hytek|JT|F|5th grade').startList!.map((row) => row.sb)).toEqual([
      '36.80',
      '27.94',
      '27.76',
    ]);
    expect(eventByKey(meet, 'hytek|100|M|5th grade').startList!.map((row) => row.sb)).toEqual([
      '15.21',
      '15.8',
      null,
    ]);
    expect(eventByKey(meet, 'hytek|1600|F|5th grade').startList!.map((row) => row.sb)).toEqual([
      '6:45.3',
      '7:02.00',
    ]);
    // The older E entry has no competitor number: the I record gives the bib.
    expect(eventByKey(meet, 'hytek|HJ|M|5th grade').startList).toEqual([
      expect.objectContaining({ id: '478', bib: '478', name: 'Julius Snell', sb: '1.11' }),
    ]);
  });

  it('reads Q relay entries as teams, B teams by their letter', () => {
    const relay = eventByKey(meet, 'hytek|4X100|M|5th grade');
    expect(relay).toMatchObject({ code: '4X100', trackDiscipline: 'CUSTOM' });
    expect(relay.startList!.map((row) => [row.id, row.name, row.club, row.sb])).toEqual([
      ['r1', 'Holy Trinity CYOKS', 'Holy Trinity CYOKS', '1:02.50'],
      ['r2', 'Holy Trinity CYOKS B', 'Holy Trinity CYOKS', null],
    ]);
  });

  it('reads the registration number, the unattached, and skips R relay entries with a warning', () => {
    const text = [
      'I;Doe;Jane;;F;;UNA;;;;;;;;;;;;;;;USATF-123456;77;;',
      'D;Doe;Jane;;F;;UNA;;;;200;28.4;E;;;;;;;',
      'R;HT21;Holy Trinity CYOKS;A;M;400;1:02.50',
    ].join('\r\n');
    const result = readHytek(text, 'e.txt');
    expect(result).toMatchObject({
      ok: true,
      warnings: [
        { file: 'e.txt', row: 3, reason: expect.stringContaining('R (older relay entry)') },
      ],
    });
    const meet = read(text);
    expect(meet.events).toHaveLength(1);
    expect(meet.events[0]).toMatchObject({ key: 'hytek|200|F|', eventName: 'Women 200m' });
    expect(meet.events[0]!.startList![0]).toMatchObject({
      id: '77',
      bib: '77',
      name: 'Jane Doe',
      club: null,
      licence: 'USATF-123456',
      sb: '28.4',
    });
  });
});

describe('readHytek: results', () => {
  const meet = read(MEETPRO, 'meetpro-results-field.csv');

  it('reads the header and one event per event number, round and flight', () => {
    expect(meet).toMatchObject({
      source: 'hytek',
      name: 'CYO #3 2025 Morning Field',
      date: '2025-04-26',
      finishDate: '2025-04-26',
    });
    // 33 event numbers; 90-96 and 99 ran their long jump or shot put in two flights.
    expect(meet.events).toHaveLength(40);
    expect(new Set(meet.events.map((event) => event.key)).size).toBe(40);
  });

  it('reads a javelin throw: places, names, clubs, feet-inches in metres, DNS', () => {
    const javelin = eventByKey(meet, 'hytek|289|finals|1');
    expect(javelin).toMatchObject({
      eventRef: '289',
      code: 'JT',
      eventName: 'Boys 5th grade Javelin Throw',
      eventType: 'JUMP',
      fieldDiscipline: 'JAVELIN_THROW',
      category: '5th grade',
      gender: 'M',
      round: 'finals',
      heat: null,
      wind: null,
      startList: null,
    });
    const rows = javelin.results!;
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({
      id: '592',
      rank: '1',
      name: 'Willis Ellis',
      club: 'Prince Of Peace CYOKS',
      category: '5th grade',
      gender: 'M',
      performance: '24.84',
    });
    // Field 32 is MeetPro's own athlete number: an id, never a licence.
    expect(rows[0]!.licence).toBeUndefined();
    expect(rows.map((row) => row.performance).slice(0, 3)).toEqual(['24.84', '23.19', '23.06']);
    expect(rows[11]).toMatchObject({ name: 'Holden Wolfe', rank: null, performance: 'DNS' });
  });

  it('keeps flight numbers where an event ran in flights, with overall places', () => {
    const flights = meet.events.filter((event) => event.eventRef === '90');
    expect(flights.map((event) => [event.key, event.heat])).toEqual([
      ['hytek|90|finals|2', 2],
      ['hytek|90|finals|1', 1],
    ]);
    expect(flights[1]!.results!.slice(0, 2).map((row) => [row.rank, row.name])).toEqual([
      ['7', 'Nicholas Muller'],
      ['8', 'Joe Mike Rockford'],
    ]);
  });

  it('writes no-heights and fouls as NM, and every mark in metres with two decimals', () => {
    const rows = meet.events.flatMap((event) => event.results!);
    expect(rows).toHaveLength(429);
    const codes = rows.filter((row) => !/^\d+\.\d\d$/.test(row.performance ?? ''));
    expect(new Set(codes.map((row) => row.performance))).toEqual(new Set(['DNS', 'NM']));
    expect(codes.every((row) => row.rank === null)).toBe(true);
  });

  it('reads races, relays and flights of a semicolon file: times whatever the units say, winds', () => {
    const track = read(TRACK);
    expect(track.events.map((event) => [event.key, event.eventName, event.heat])).toEqual([
      ['hytek|1|finals|1', 'Women 3000m Steeplechase', null],
      ['hytek|5|finals|1', 'Women 1500m', null],
      ['hytek|3|finals|1', 'Women 4x100m Relay', null],
      ['hytek|35|finals|1', 'Women High Jump', null],
      ['hytek|38|finals|1', 'Men Shot Put', 1],
      ['hytek|38|finals|2', 'Men Shot Put', 2],
    ]);
    const steeple = eventByKey(track, 'hytek|1|finals|1');
    expect(steeple.wind).toBe('-1.4');
    expect(steeple.results![0]).toMatchObject({
      rank: '1',
      name: "Kerry O'Day",
      club: 'Bucknell',
      performance: '11:16.33',
      windspeed: '-1.4',
    });
    const mile = eventByKey(track, 'hytek|5|finals|1');
    expect(mile.wind).toBeNull();
    expect(mile.results!.at(-1)).toMatchObject({ id: '278', rank: null, performance: 'DNS' });
    const relay = eventByKey(track, 'hytek|3|finals|1');
    expect(relay).toMatchObject({
      code: '4X100',
      eventType: 'ATHLETICS',
      trackDiscipline: 'CUSTOM',
    });
    expect(
      relay.results!.map((row) => [row.id, row.rank, row.name, row.club, row.performance]),
    ).toEqual([
      ['r1', '1', 'Lafayette', 'Lafayette', '51.23'],
      ['r2', '2', 'Lock Haven', 'Lock Haven', '51.83'],
      ['r3', '3', 'Bucknell', 'Bucknell', '52.74'],
    ]);
    expect(eventByKey(track, 'hytek|38|finals|1').results![0]).toMatchObject({
      rank: '8',
      name: 'Bradley Pollard',
      performance: '14.02',
    });
  });

  it('tells rounds and heats apart, and sets the race wind only when the heat agrees on it', () => {
    const record = (round: string, heat: number, wind: string, place: number) =>
      `E;T;7;;100;M;;;;${round};10.${50 + place};E;${wind};${place};${place};${heat};;;;;;;Runner${place};Ann;;M;;;Club;;;;`;
    const meet = read(
      [
        'H;Heats;5/1/2025;5/2/2025;Hy-Tek',
        record('P', 1, '+1.2', 1),
        record('P', 1, '1.2', 2),
        record('P', 2, '+0.4', 3),
        record('P', 2, '-0.3', 4),
        record('S', 1, 'NWI', 5),
        record('F', 1, '', 6),
        record('Z', 1, '', 7),
      ].join('\n'),
    );
    expect(meet.finishDate).toBe('2025-05-02');
    expect(meet.events.map((event) => [event.key, event.round, event.heat, event.wind])).toEqual([
      ['hytek|7|prelims|1', 'prelims', 1, '+1.2'],
      ['hytek|7|prelims|2', 'prelims', 2, null],
      ['hytek|7|semis|1', 'semis', null, null],
      ['hytek|7|finals|1', 'finals', null, null],
      ['hytek|7|unknown|1', 'unknown', null, null],
    ]);
    expect(meet.events[0]!.eventName).toBe('Men 100m');
  });

  it('reads a combined event’s overall points and leaves its single events out with a warning', () => {
    const result = readHytek(
      [
        'H;Multi;5/1/2025;5/1/2025',
        'E;M;20;;DEC;M;;;;F;5586;E;;1;1;1;;;;0;;;Smith;John;;M;;ABC;Alpha Club',
        'E;TM;20;;DEC;M;;;;F;11.02;E;+0.5;1;1;1;;;812;1;;;Smith;John;;M;;ABC;Alpha Club',
      ].join('\r\n'),
      'multi.txt',
    );
    expect(result).toMatchObject({ ok: true, warnings: [{ row: 3 }] });
    const meet = read(
      'H;Multi\r\nE;M;20;;DEC;M;;;;F;5586;E;;1;1;1;;;;0;;;Smith;John;;M;;ABC;Alpha Club',
    );
    expect(meet.events[0]).toMatchObject({
      fieldDiscipline: 'DECATHLON',
      eventName: 'Men Decathlon',
    });
    expect(meet.events[0]!.results![0]).toMatchObject({ performance: '5586', name: 'John Smith' });
  });

  it('gives duplicate or missing athlete ids r1, r2… instead', () => {
    const line = (last: string, id: string) =>
      `E;F;1;;SP;F;;;;F;10.00;M;;1;1;1;;;;;;;${last};Ann;;F;;;Club;;;${id};`;
    const meet = read(['H;Ids', line('A', '5'), line('B', '5'), line('C', '')].join('\n'));
    expect(meet.events[0]!.results!.map((row) => row.id)).toEqual(['r1', 'r2', 'r3']);
  });
});

describe('readHytek: tolerance', () => {
  const project = (meet: ExchangeMeet) => meet.events;

  it('accepts CR CR LF, LF, trailing delimiters, blank lines and a BOM', () => {
    const expected = project(read(TRACK));
    const variants = [
      TRACK.replaceAll('\r\n', '\r\r\n'),
      TRACK.replaceAll('\r\n', '\n'),
      TRACK.replaceAll('\r\n', ';;;\r\n'),
      `\uFEFF\r\n${TRACK.replaceAll('\r\n', '\r\n\r\n')}`,
    ];
    for (const variant of variants) expect(project(read(variant))).toEqual(expected);
  });

  it('counts a CR CR LF line end as one line in a refusal', () => {
    const broken = TRACK.replace('11:57.37', '11:5x.37').replaceAll('\r\n', '\r\r\n');
    expect(readHytek(broken, 'track.txt')).toMatchObject({ ok: false, error: { row: 3 } });
  });

  it('reads quoted comma fields', () => {
    const text = [
      'H,"Meet, the Third",4/26/2025,4/26/2025',
      'E,F,1,,JT,M,,1,5th grade,F,81-06.00,E,,1,1,1,,,,,,,Ellis,Willis,,M,,POP1,"Prince Of Peace, CYOKS",,,592,',
    ].join('\r\n');
    const meet = read(text);
    expect(meet.name).toBe('Meet, the Third');
    expect(meet.events[0]!.results![0]).toMatchObject({
      club: 'Prince Of Peace, CYOKS',
      performance: '24.84',
    });
  });
});

describe('readHytek: refusals name the line and the problem', () => {
  const results = (line: string) =>
    ['H;Meet;4/26/2025;4/26/2025', TRACK.split('\r\n')[1], line].join('\r\n');

  it.each([
    ['a record type a results file does not have', 'X;T;1;;100;M', /record type 'X'/],
    [
      'a mark it cannot read',
      'E;T;1;;100;M;;;;F;12.3.4.5;E;;1;1;1;;;;;;;Doe;Jo;;M;;;Club;;;;',
      /cannot read the mark: '12\.3\.4\.5' is not a time/,
    ],
    [
      'a field mark that is no distance',
      'E;F;2;;LJ;M;;;;F;19-14;E;;1;1;1;;;;;;;Doe;Jo;;M;;;Club;;;;',
      /cannot read the mark: '19-14' is not a distance/,
    ],
    ['an E record with too few fields', 'E;T;1;;100;M;;;;F;12.34', /E record has 11 fields/],
    [
      'an E record that is not T, F or M',
      'E;Q;1;;100;M;;;;F;12.34;E;;1;1;1;;;;;;;Doe;Jo;;M;;;Club;;;;',
      /field 2 must be T, F or M/,
    ],
  ])('%s', (_, line, reason) => {
    expect(readHytek(results(line), 'bad.txt')).toEqual({
      ok: false,
      error: expect.objectContaining({
        file: 'bad.txt',
        row: 3,
        reason: expect.stringMatching(reason),
      }),
    });
  });

  it('refuses a file that mixes entries and results, an empty file and a file of no records', () => {
    expect(readHytek(`${ENTRIES}${TRACK}`, 'mixed.txt')).toMatchObject({
      ok: false,
      error: { reason: expect.stringContaining('mixes results') },
    });
    expect(readHytek('', 'empty.txt')).toMatchObject({
      ok: false,
      error: { reason: 'the file is empty' },
    });
    expect(readHytek('\r\nhello world\r\n', 'x.txt')).toMatchObject({
      ok: false,
      error: { row: 2, reason: expect.stringContaining('not a Hy-Tek file') },
    });
  });

  it('publishes an unreadable seed or wind without it, with a warning', () => {
    const entries = readHytek('D;Doe;Jane;;F;;ABC;Alpha;;;200;fast;E;;;;;;;', 'e.txt');
    expect(entries).toMatchObject({
      ok: true,
      warnings: [{ row: 1, reason: expect.stringContaining("'fast'") }],
    });
    const wind = readHytek(
      results('E;T;1;;100;M;;;;F;12.34;E;calm;1;1;1;;;;;;;Doe;Jo;;M;;;Club;;;;'),
      'w.txt',
    );
    expect(wind).toMatchObject({
      ok: true,
      warnings: [{ row: 3, reason: expect.stringContaining("'calm'") }],
    });
  });
});

describe('looksLikeHytek', () => {
  it('knows the three kinds of file by their records', () => {
    expect(looksLikeHytek(MEETPRO)).toBe(true);
    expect(looksLikeHytek(TRACK)).toBe(true);
    expect(looksLikeHytek(ENTRIES)).toBe(true);
    expect(looksLikeHytek(`\uFEFF\r\n${TRACK.replaceAll('\r\n', '\r\r\n')}`)).toBe(true);
  });

  it('still takes a Hy-Tek file with a bad line further down, so its refusal names the line', () => {
    const broken = TRACK.replace('5:48.48', '5:4x.48');
    expect(looksLikeHytek(broken)).toBe(true);
    expect(readHytek(broken, 'track.txt')).toMatchObject({ ok: false, error: { row: 21 } });
  });

  it.each([
    [
      'a FinishLynx .lif',
      "1,1,1,Women 3000 Meter Steeplechase,-1.4,M/S,,,,3000\r\n1,169,1,O'Day,Kerry",
    ],
    ['an OpenTrack JSON', '{"id": "abc", "events": []}'],
    ['a CSV with a header', 'Event,Name,Club,Result\r\n100m,Ann,Alpha,12.34'],
    ['a one-letter CSV', 'E,1,2\r\nE,3,4'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(looksLikeHytek(text)).toBe(false);
  });
});

describe('writeHytek', () => {
  const NOW = new Date(2025, 4, 3);

  /** What a round trip must keep of an event (its name may be composed differently). */
  const kept = (event: ExchangeEvent) => ({
    eventRef: event.eventRef,
    code: event.code,
    eventType: event.eventType,
    trackDiscipline: event.trackDiscipline,
    fieldDiscipline: event.fieldDiscipline,
    category: event.category,
    gender: event.gender,
    round: event.round,
    heat: event.heat,
    wind: event.wind,
    rows: event.results!.map((row) => ({
      rank: row.rank,
      name: row.name,
      club: row.club,
      performance: row.performance,
      windspeed: row.windspeed ?? null,
      gender: row.gender,
      category: row.category,
    })),
  });

  it('writes a semicolon results file: H, then E and R records, CRLF', () => {
    const text = writeHytek(read(MEETPRO), NOW);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('H;CYO #3 2025 Morning Field;4/26/2025;4/26/2025;Rith;5/3/2025');
    expect(lines[1]).toBe(
      'E;F;289;;JT;M;;1;5th grade;F;24.84;M;;1;1;1;;;;;;;Ellis;Willis;;M;;POPC;Prince Of Peace CYOKS;;;;;Boys 5th grade Javelin Throw',
    );
    expect(lines.at(-1)).toBe('');
    expect(text).not.toMatch(/[^\r]\n/);
    // Hy-Tek's 33 fields, then Rith's own name of the event.
    expect(lines.slice(1, -1).every((line) => line.split(';').length === 34)).toBe(true);
    const relay = writeHytek(read(TRACK), NOW)
      .split('\r\n')
      .filter((line) => line.startsWith('R;'));
    expect(relay[0]).toBe(
      `R;Lafayette;3;;4X100;F;;;;F;51.23;M;LAFA;1;1;1${';'.repeat(31)}Women 4x100m Relay`,
    );
  });

  it.each([
    ['the MeetPro sample', MEETPRO],
    ['the track meet', TRACK],
  ])('round-trips %s', (_, text) => {
    const meet = read(text);
    const again = read(writeHytek(meet, NOW));
    expect(again.name).toBe(meet.name);
    expect(again.date).toBe(meet.date);
    expect(again.finishDate).toBe(meet.finishDate);
    expect(again.events.map(kept)).toEqual(meet.events.map(kept));
    expect(again.events.map((event) => event.key)).toEqual(meet.events.map((event) => event.key));
  });

  it('keeps Rith’s own licences, numbers events that have none, and writes the unattached as UNA', () => {
    const base = read(TRACK).events[0]!;
    const rows = [
      athleteRow({
        id: 'a',
        rank: '1',
        name: 'Ann Lee',
        club: null,
        performance: '12.01',
        licence: 'NOR-1234567',
      }),
      athleteRow({ id: 'b', rank: null, name: 'Madonna', club: 'Solo Club', performance: 'DQ' }),
    ];
    const meet: ExchangeMeet = {
      source: 'opentrack',
      name: 'Rith meet',
      date: '2025-06-01',
      finishDate: null,
      venue: null,
      events: [
        {
          ...base,
          key: 'T01',
          eventRef: 'T01',
          code: '100',
          eventName: 'Women 100m',
          trackDiscipline: 'ONE_HUNDRED_METER',
          wind: '+0.3',
          results: rows,
        },
        {
          ...base,
          key: 'T02',
          eventRef: null,
          code: null,
          eventName: 'Women 200m',
          trackDiscipline: 'TWO_HUNDRED_METER',
          wind: null,
          results: rows,
        },
      ],
    };
    const text = writeHytek(meet, NOW);
    expect(text.split('\r\n')[1]).toContain(';Lee;Ann;;F;;UNA;;;;NOR-1234567;');
    const again = read(text);
    expect(again.events.map((event) => [event.eventRef, event.code, event.wind])).toEqual([
      ['1', '100', '+0.3'],
      ['2', '200', null],
    ]);
    expect(
      again.events[0]!.results!.map((row) => [
        row.name,
        row.club,
        row.licence,
        row.windspeed,
        row.rank,
      ]),
    ).toEqual([
      ['Ann Lee', null, 'NOR-1234567', '+0.3', '1'],
      ['Madonna', 'Solo Club', null, '+0.3', null],
    ]);
  });

  it('round-trips any names, clubs, places and marks (property)', () => {
    const word = fc.stringMatching(/^[A-Z][a-z'-]{0,8}$/);
    const row = fc.record({
      name: fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
      club: fc.option(
        fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
      ),
      rank: fc.option(fc.integer({ min: 1, max: 40 }).map(String)),
      performance: fc.oneof(
        fc.constantFrom('DNS', 'DNF', 'DQ'),
        fc
          .tuple(
            fc.integer({ min: 0, max: 9 }),
            fc.integer({ min: 10, max: 59 }),
            fc.integer({ min: 0, max: 99 }),
          )
          .map(([m, s, h]) => `${m > 0 ? `${m}:` : ''}${s}.${String(h).padStart(2, '0')}`),
      ),
    });
    const base = read(TRACK).events[1]!;
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), (rows) => {
        const results = rows.map((fields, index) =>
          athleteRow({
            ...fields,
            id: `x${index}`,
            rank: /^D/.test(fields.performance) ? null : fields.rank,
            gender: 'F',
          }),
        );
        const meet: ExchangeMeet = { ...read(TRACK), events: [{ ...base, results }] };
        expect(read(writeHytek(meet, NOW)).events.map(kept)).toEqual(meet.events.map(kept));
      }),
      { numRuns: 60 },
    );
  });
});

describe('feet-inches', () => {
  it('converts to metres cut to the centimetre', () => {
    expect(feetInchesToMetres('81-06.00')).toBe('24.84');
    expect(feetInchesToMetres('19-7.5')).toBe('5.98');
    expect(feetInchesToMetres('5-02')).toBe('1.57');
    expect(feetInchesToMetres("12'10.25")).toBe('3.91');
    expect(feetInchesToMetres("11'")).toBe('3.35');
    expect(feetInchesToMetres('10-12')).toBeNull();
    expect(feetInchesToMetres('24.84')).toBeNull();
  });

  it('is never above the exact distance nor a centimetre below it (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 350 }),
        fc.integer({ min: 0, max: 1199 }),
        (feet, hundredths) => {
          const inches = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
          const metres = Number(feetInchesToMetres(`${feet}-${inches}`));
          const exact = ((feet * 12 * 100 + hundredths) * 254) / 1_000_000;
          expect(metres).toBeLessThanOrEqual(exact + 1e-9);
          expect(exact - metres).toBeLessThan(0.01);
        },
      ),
    );
  });
});
