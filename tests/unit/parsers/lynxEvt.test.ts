import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEvt, parsePpl, parseSch } from '../../../server/parsers/lynx/index.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/finishlynx/${name}`, import.meta.url));
const text = (...lines: string[]) => Buffer.from(lines.join('\r\n'));

function events(bytes: Uint8Array) {
  const result = parseEvt(bytes, 'lynx.evt');
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

describe('parseEvt', () => {
  it('reads every event of the sample with its start list', () => {
    const parsed = events(fixture('other-meet/lynx.evt'));
    expect(parsed).toHaveLength(23);
    expect(parsed.map((e) => e.rows.length).slice(0, 3)).toEqual([12, 13, 0]);
    const [heat1, heat2] = parsed;
    expect(heat1).toMatchObject({
      key: { eventNumber: '19', round: '1', heat: '1' },
      eventName: 'Men 3000 Meter Run',
      eventType: 'ATHLETICS',
      trackDiscipline: 'THREE_K',
      fieldDiscipline: null,
      round: 'unknown',
      wind: null,
    });
    expect(heat1?.rows[0]).toMatchObject({
      id: 'lynx.evt:2',
      rank: null,
      bib: null,
      lane: '1',
      name: 'Cameron Thompson',
      club: 'UMass Dartmouth',
      eventName: 'Men 3000 Meter Run',
      performance: null,
    });
    expect(heat1?.rows[9]?.name).toBe("William O'Shea");
    expect(heat2?.key?.heat).toBe('2');
    expect(heat2?.rows[12]).toMatchObject({ lane: '13', name: 'Mason Phillips' });
  });

  it('tells the track discipline from the distance or the name', () => {
    const byName = new Map(events(fixture('other-meet/lynx.evt')).map((e) => [e.eventName, e]));
    expect(byName.get('Men 60 Meter Hurdles')?.trackDiscipline).toBe('SIXTY_METER');
    expect(byName.get('Women 5000 Meter Run')?.trackDiscipline).toBe('FIVE_K');
    expect(byName.get('Men 1 Mile Run')?.trackDiscipline).toBe('CUSTOM');
    expect(byName.get('Men 4x400 Meter Relay')?.trackDiscipline).toBe('CUSTOM');
    expect(byName.get('Men 1000 Meter Run')?.trackDiscipline).toBe('CUSTOM');
  });

  it('reads field events from their FieldLynx code, the order as the lane', () => {
    const [longJump, highJump, dash] = events(
      text(
        '; written by hand',
        '31,1,1,Women Jump,LJ1',
        ',405,3,Trench,Samantha,Lock Haven',
        '\t,26,0,Misiukiewicz,Olivia,Binghamton',
        ' 157,2,Lehker,Madeline,Bucknell',
        '32,1,1,Men High Jump,',
        '1A,2,1,Women 100 Meter Dash Semi-Final,,,,,,,',
        ',0,4,Lafayette,,LAFA  B',
      ),
    );
    expect(longJump).toMatchObject({
      eventType: 'JUMP',
      fieldDiscipline: 'LONG_JUMP',
      trackDiscipline: null,
      wind: null,
    });
    expect(longJump?.rows.map((r) => [r.bib, r.lane, r.name])).toEqual([
      ['405', '3', 'Samantha Trench'],
      ['26', null, 'Olivia Misiukiewicz'],
      ['157', '2', 'Madeline Lehker'],
    ]);
    expect(highJump).toMatchObject({ eventType: 'JUMP', fieldDiscipline: 'HIGH_JUMP' });
    expect(dash).toMatchObject({
      key: { eventNumber: '1A', round: '2', heat: '1' },
      round: 'semis',
      trackDiscipline: 'ONE_HUNDRED_METER',
    });
    expect(dash?.rows[0]).toMatchObject({ bib: null, lane: '4', name: 'Lafayette B' });
  });

  it.each([
    [text(',0,1,Doe,Jane,Club'), 1, 'before any event header'],
    [text('1,1,1,Dash,,,,,,100', '1-2,1,1,Dash'), 2, 'an event number'],
    [text('1,1,1,Dash,ZZ9'), 1, 'a wind or a FieldLynx event code'],
    [text(''), undefined, 'empty'],
  ])('refuses a malformed file (%#)', (bytes, row, reason) => {
    const result = parseEvt(bytes, 'lynx.evt');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.file).toBe('lynx.evt');
      expect(result.error.row).toBe(row);
      expect(result.error.reason).toContain(reason);
    }
  });

  it.each(['001-1-01.lif', '035-1-01.lff'])('refuses %s, which is not an .evt', (name) => {
    expect(parseEvt(fixture(name), name).ok).toBe(false);
  });
});

describe('parseSch', () => {
  it('reads event, round and heat with 1 for what is left out', () => {
    const result = parseSch(
      text('; schedule', '19,1,2', '20', '1A,,3', '006,02,01', ''),
      'lynx.sch',
    );
    expect(result).toEqual({
      ok: true,
      value: [
        { eventNumber: '19', round: '1', heat: '2' },
        { eventNumber: '20', round: '1', heat: '1' },
        { eventNumber: '1A', round: '1', heat: '3' },
        { eventNumber: '6', round: '2', heat: '1' },
      ],
      warnings: [],
    });
  });

  it('refuses a heat that is not a number', () => {
    expect(parseSch(text('19,1,2', '20,1,two'), 'lynx.sch')).toEqual({
      ok: false,
      error: {
        file: 'lynx.sch',
        row: 2,
        column: 'heat',
        reason: "expected a heat number in column heat, got 'two'",
      },
    });
  });
});

describe('parsePpl', () => {
  it('reads ID, names and affiliation, ignoring extra columns', () => {
    const result = parsePpl(
      text('405,Trench,Samantha,Lock Haven,F,SR', '26,"Brown, Jr.",Olivia', '7,Solo,Han,'),
      'lynx.ppl',
    );
    expect(result).toEqual({
      ok: true,
      value: [
        { bib: '405', lastName: 'Trench', firstName: 'Samantha', club: 'Lock Haven' },
        { bib: '26', lastName: 'Brown, Jr.', firstName: 'Olivia', club: null },
        { bib: '7', lastName: 'Solo', firstName: 'Han', club: null },
      ],
      warnings: [],
    });
  });

  it('refuses a person without an ID', () => {
    const result = parsePpl(text('405,Trench,Samantha', ',Nobody,No'), 'lynx.ppl');
    expect(result).toMatchObject({ ok: false, error: { row: 2, column: 'ID' } });
  });
});
