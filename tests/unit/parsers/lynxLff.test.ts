import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLff } from '../../../server/parsers/lynx/index.ts';
import type { ParsedEvent } from '../../../server/parsers/types.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/finishlynx/${name}`, import.meta.url));

function parse(bytes: Uint8Array, name = 'test.lff'): ParsedEvent {
  const result = parseLff(bytes, name);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

const lff = (...lines: string[]) => Buffer.from(lines.join('\r\n'));

function failure(bytes: Uint8Array) {
  const result = parseLff(bytes, 'bad.lff');
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('parseLff on the samples', () => {
  it('reads a high jump: bar heights, one cell per height, the highest clearance', () => {
    const event = parse(fixture('035-1-01.lff'), '035-1-01.lff');
    expect(event).toMatchObject({
      key: { eventNumber: '35', round: '1', heat: '1' },
      eventName: 'Women High Jump',
      eventType: 'JUMP',
      fieldDiscipline: 'HIGH_JUMP',
      trackDiscipline: null,
      wind: null,
    });
    const heights = ['1.40', '1.45', '1.50', '1.55', '1.60', '1.65', '1.70', '1.75', '1.80'];
    const [trench, , lehker, simmonds, irons] = event.rows;
    expect(trench).toMatchObject({
      id: '035-1-01.lff:2',
      rank: '1',
      bib: '405',
      lane: '1',
      name: 'Samantha Trench',
      club: 'Lock Haven',
      heights,
      attempts: ['PPP', 'O', 'O', 'O', 'XXX', null, null, null, null],
      best: '1.55',
      performance: '1.55',
    });
    expect(lehker?.attempts?.slice(0, 5)).toEqual(['PPP', 'PPP', 'XXO', 'XO', 'XXX']);
    expect(simmonds).toMatchObject({ rank: '4', best: '1.40', performance: '1.40' });
    expect(irons).toMatchObject({
      rank: 'DNS',
      bib: '387',
      name: 'Reagan Irons',
      performance: 'DNS',
      best: null,
    });
  });

  it('reads a shot put: fouls as X, no winds for throws, ties and DNS', () => {
    const event = parse(fixture('037-1-01.lff'), '037-1-01.lff');
    expect(event.fieldDiscipline).toBe('SHOT_PUT');
    expect(event.rows).toHaveLength(9);
    expect(event.rows[0]).toMatchObject({
      rank: '8',
      bib: '463',
      lane: '4',
      name: 'Minyhah Easterling',
      attempts: ['10.96', '11.07', '11.50', '11.92', '11.64', 'X'],
      attemptWinds: [null, null, null, null, null, null],
      best: '11.92',
      performance: '11.92',
      windspeed: null,
    });
    expect(event.rows[2]).toMatchObject({ attempts: ['X', 'X', '10.42'], best: '10.42' });
    expect(event.rows.slice(7).map((r) => [r.rank, r.name, r.performance])).toEqual([
      ['DNS', 'Riley Batdorf', 'DNS'],
      ['DNS', 'Elizabeth Dlugos', 'DNS'],
    ]);
  });

  it('reads a hammer throw', () => {
    const event = parse(fixture('039-1-01.lff'), '039-1-01.lff');
    expect(event.fieldDiscipline).toBe('HAMMER_THROW');
    expect(event.rows.map((r) => r.best)).toEqual([
      '40.24',
      '39.88',
      '38.79',
      '37.93',
      '36.83',
      '36.51',
      '36.40',
      '35.92',
      '34.87',
      null,
    ]);
    expect(event.rows[1]?.attempts).toEqual(['X', 'X', '39.88']);
  });
});

describe('parseLff on written files', () => {
  it('keeps the winds of a long jump, the best mark wind as the row wind, NM and ties', () => {
    const event = parse(
      lff(
        '12,1,2,Men Long Jump Final,metric,',
        '1,21,3,1,Lewis,Carl,"USA",8.54,+1.2,F,+0.3,P,,8.61,-0.4',
        '1,22,1,1,Powell,Mike,"USA",8.61,+2.1',
        ',23,2,,Beamon,Bob,"USA",F,+1.0,X,-0.3',
        ',24,4,,Owens,Jesse,"USA"',
      ),
    );
    expect(event).toMatchObject({
      key: { eventNumber: '12', round: '1', heat: '2' },
      fieldDiscipline: 'LONG_JUMP',
      round: 'finals',
    });
    expect(event.rows[0]).toMatchObject({
      rank: '1',
      attempts: ['8.54', 'X', '-', '8.61'],
      attemptWinds: ['+1.2', '+0.3', null, '-0.4'],
      best: '8.61',
      performance: '8.61',
      windspeed: '-0.4',
    });
    expect(event.rows[1]).toMatchObject({ rank: '1', windspeed: '+2.1' });
    expect(event.rows[2]).toMatchObject({ rank: null, performance: 'NM', best: null });
    expect(event.rows[3]).toMatchObject({ rank: null, performance: null, attempts: [] });
  });

  it('reads a pole vault with passes and a retirement', () => {
    const event = parse(
      lff('5,1,1,Pole Vault,metric,SH,5.00,5.20,5.40,EH', '1,3,1,1,Duplantis,Armand,SWE,-,O,XXr'),
    );
    expect(event.fieldDiscipline).toBe('POLE_VAULT');
    expect(event.rows[0]).toMatchObject({ attempts: ['-', 'O', 'XXr'], best: '5.20' });
  });

  it.each([
    [lff('1,1,1,Shot Put,metric', '1,5,1,1,Doe,Jane,Club,11.2x,-0.0'), 2, 'attempt 1', "'11.2x'"],
    [lff('1,1,1,Long Jump,metric', '1,5,1,1,Doe,Jane,Club,7.00,gusty'), 2, 'attempt 1 wind', ''],
    [lff('1,1,1,High Jump,metric,SH,1.80,EH', '1,5,1,1,Doe,Jane,Club,XOO'), 2, 'height 1.80', ''],
    [lff('1,1,1,High Jump,metric,SH,1.80,EH', '1,5,1,1,Doe,Jane,Club,O,O'), 2, undefined, 'cells'],
    [lff('1,1,1,High Jump,metric,SH,1.80,1.85'), 1, undefined, 'EH'],
    [lff('1,1,1,High Jump,metric,SH,high,EH'), 1, 'height 1', "'high'"],
    [lff('1,1,1,Long Jump,english'), 1, 'units', "'english'"],
    [lff('1,1,1,Long Jump,metric', 'first,5,1,1,Doe,Jane,Club,7.00'), 2, 'place', ''],
    [lff('1,1,1,Long Jump,metric', '2,5,1,1,Doe,Jane,Club,DNS'), 2, 'place', 'blank place'],
  ])('refuses a malformed file (%#)', (bytes, row, column, reason) => {
    const error = failure(bytes);
    expect(error).toMatchObject({ file: 'bad.lff', row });
    expect(error.column).toBe(column);
    expect(error.reason).toContain(reason);
  });

  it.each(['001-1-01.lif', '003-1-01.lif', 'other-meet/lynx.evt'])(
    'refuses %s, which is not a .lff',
    (name) => {
      expect(parseLff(fixture(name), name).ok).toBe(false);
    },
  );
});
