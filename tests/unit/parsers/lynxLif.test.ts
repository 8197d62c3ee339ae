import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLif } from '../../../server/parsers/lynx/index.ts';
import type { ParsedEvent } from '../../../server/parsers/types.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/finishlynx/${name}`, import.meta.url));

function parse(bytes: Uint8Array, name = 'test.lif'): ParsedEvent {
  const result = parseLif(bytes, name);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

const lif = (...lines: string[]) => Buffer.from(lines.join('\r\n'));
const HEADER = '6,2,03,Men 100 Meter Dash Final,+1.25,M/S,,,,100,13:53:47.8223';

function failure(bytes: Uint8Array) {
  const result = parseLif(bytes, 'bad.lif');
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('parseLif on the samples', () => {
  it('reads the steeplechase heat: header, wind, places, bibs, names and times', () => {
    const event = parse(fixture('001-1-01.lif'), '001-1-01.lif');
    expect(event).toMatchObject({
      key: { eventNumber: '1', round: '1', heat: '1' },
      eventName: 'Women 3000 Meter Steeplechase',
      eventType: 'ATHLETICS',
      trackDiscipline: 'CUSTOM',
      fieldDiscipline: null,
      round: 'unknown',
      wind: '-1.4',
    });
    expect(event.rows).toHaveLength(8);
    expect(event.rows[0]).toEqual({
      id: '001-1-01.lif:2',
      rank: '1',
      bib: '169',
      lane: '1',
      name: "Kerry O'Day",
      club: 'Bucknell',
      eventName: 'Women 3000 Meter Steeplechase',
      performance: '11:16.323',
      gender: 'F',
      reactionTime: null,
      category: null,
      points: null,
      pdfUrl: null,
      best: null,
      windspeed: null,
    });
    expect(event.rows.map((r) => r.rank)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(event.rows[3]).toMatchObject({ bib: '266', club: 'Indiana (Pa.', lane: '5' });
    expect(event.rows[7]).toMatchObject({ name: 'Paige Daugherty', performance: '14:27.786' });
  });

  it('reads a relay as the stadium says it: "Bucknell B" of the club Bucknell, no bib', () => {
    const event = parse(fixture('003-1-01.lif'), '003-1-01.lif');
    expect(event).toMatchObject({ wind: '-2.7', trackDiscipline: 'CUSTOM' });
    expect(event.rows.map((r) => [r.rank, r.bib, r.lane, r.name, r.club, r.performance])).toEqual([
      ['1', null, '3', 'Lafayette B', 'Lafayette', '51.230'],
      ['2', null, '5', 'Lock Haven B', 'Lock Haven', '51.822'],
      ['3', null, '4', 'Bucknell B', 'Bucknell', '52.734'],
    ]);
    expect(event.rows.every((r) => r.gender === null)).toBe(true);
  });

  it('reads a DNS row: the code as rank and performance', () => {
    const event = parse(fixture('005-1-01.lif'), '005-1-01.lif');
    expect(event).toMatchObject({ wind: '-1.1', trackDiscipline: 'FIFTEEN_HUNDRED_METER' });
    expect(event.rows).toHaveLength(14);
    expect(event.rows[0]).toMatchObject({ name: 'Nicole Conklin', performance: '5:08.552' });
    expect(event.rows[13]).toMatchObject({
      id: '005-1-01.lif:15',
      rank: 'DNS',
      bib: '278',
      lane: '13',
      name: 'Paiton Steiner',
      performance: 'DNS',
    });
  });

  it('gives identical output for the same file', () => {
    const bytes = fixture('001-1-01.lif');
    expect(parse(bytes, 'a.lif')).toEqual(parse(bytes, 'a.lif'));
  });
});

describe('parseLif on written files', () => {
  it('normalises the key, reads a plain wind, the round from the name and reaction times', () => {
    const event = parse(
      lif(
        HEADER,
        '1,0012,4,Bolt,Usain,JAM,9.581,,9.59,0.146',
        '2,0,5,Gay,Tyson,USA,9.71,,same time,.144,,,m',
        '3,7,0,"Powell, Jr.",Asafa,JAM,1:02:03.4567',
        'DSQ,8,6,Bailey,Daniel,ANT,10.03',
        'DNF,9,,Burns,Marc,TTO,',
        ',10,8,Thompson,Richard,TTO',
      ),
    );
    expect(event).toMatchObject({
      key: { eventNumber: '6', round: '2', heat: '3' },
      round: 'finals',
      trackDiscipline: 'ONE_HUNDRED_METER',
      wind: '+1.3',
    });
    expect(event.rows.map((r) => [r.rank, r.bib, r.lane, r.name, r.performance])).toEqual([
      ['1', '0012', '4', 'Usain Bolt', '9.581'],
      ['2', null, '5', 'Tyson Gay', '9.71'],
      ['3', '7', null, 'Asafa Powell, Jr.', '1:02:03.4567'],
      ['DQ', '8', '6', 'Daniel Bailey', '10.03'],
      ['DNF', '9', null, 'Marc Burns', 'DNF'],
      [null, '10', '8', 'Richard Thompson', null],
    ]);
    expect(event.rows.map((r) => r.reactionTime)).toEqual([
      '0.146',
      '.144',
      null,
      null,
      null,
      null,
    ]);
    expect(event.rows[1]?.gender).toBe('M');
  });

  it.each([
    ['', null],
    ['-0.0', '+0.0'],
    ['0', '+0.0'],
    ['2.0', '+2.0'],
    ['"+0.4,,,,,,,,,,,124,,,"', '+0.4'],
    ['",,,,,"', null],
    ['NWI', null],
  ])('reads the wind %j as %j', (wind, expected) => {
    expect(parse(lif(`1,1,1,100 Meter Dash,${wind},M/S`)).wind).toBe(expected);
  });

  it('keeps the letter of an event number and strips its zeros', () => {
    expect(parse(lif('001A,01,02,Heat 2')).key).toEqual({
      eventNumber: '1A',
      round: '1',
      heat: '2',
    });
  });

  it('publishes results whose wind it cannot read without a wind, and says so', () => {
    const result = parseLif(lif('1,1,1,Dash,fast,M/S', '1,5,1,Doe,Jane,Club,10.00'), 'x.lif');
    expect(result).toMatchObject({
      ok: true,
      value: { wind: null, rows: [{ name: 'Jane Doe', performance: '10.00' }] },
      warnings: [{ file: 'x.lif', row: 1, reason: expect.stringContaining("'fast'") }],
    });
  });

  it('reads Windows-1252 and LF-only files', () => {
    const bytes = Buffer.from('1,1,1,Dash,,\n1,5,1,Ó Dálaigh,Seán,Cill Airne,12.00\n', 'latin1');
    expect(parse(bytes).rows[0]).toMatchObject({ name: 'Seán Ó Dálaigh', club: 'Cill Airne' });
  });

  it.each([
    [
      lif(HEADER, '1,5,1,Doe,Jane,Club,abc'),
      2,
      'time',
      "expected a time in column time, got 'abc'",
    ],
    [lif(HEADER, 'first,5,1,Doe,Jane,Club,10.00'), 2, 'place', "got 'first'"],
    [lif(HEADER, '1,5,1,Doe,Jane,Club'), 2, 'time', 'place 1 has no time'],
    [lif(HEADER, '1,5,1,Doe,Jane,Club,10.00,,,fast'), 2, 'reaction time', "got 'fast'"],
    [lif('1,x,1,Dash'), 1, 'round', "got 'x'"],
    [lif('1 2,1,1,Dash'), 1, 'event', 'an event number'],
    [lif('1,1,1'), 1, undefined, 'an event header'],
    [lif(HEADER, '1,5,1,"Doe,Jane,Club,10.00'), 2, undefined, 'not closed'],
    [Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]), undefined, undefined, 'binary'],
    [lif('; only a comment'), undefined, undefined, 'empty'],
  ])('refuses a malformed file (%#)', (bytes, row, column, reason) => {
    const error = failure(bytes);
    expect(error.file).toBe('bad.lif');
    expect(error.row).toBe(row);
    expect(error.column).toBe(column);
    expect(error.reason).toContain(reason);
  });

  it.each(['035-1-01.lff', '037-1-01.lff', 'other-meet/lynx.evt'])(
    'refuses %s, which is not a .lif',
    (name) => {
      expect(parseLif(fixture(name), name).ok).toBe(false);
    },
  );
});
