import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ScoreboardReader, type ScoreboardEvent } from '../../../agent/scoreboardStream.ts';
import {
  loadRithLss,
  lssRace,
  lssStream,
  lssWrites,
  parseLss,
  renderSection,
  type LssHeat,
  type LssResultLine,
} from '../../support/lss.ts';

const script = loadRithLss();
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

const heat: LssHeat = {
  eventNumber: 12,
  round: 2,
  heat: 3,
  eventName: 'Women 100m Hurdles',
  wind: '+1.8',
  participants: 8,
};
const lines: LssResultLine[] = [
  {
    place: '1',
    lane: '4',
    id: '101',
    name: 'Aoife Murphy',
    affiliation: 'Dublin City Harriers',
    time: '13.41',
    reactionTime: '0.145',
  },
  {
    place: '2',
    lane: '5',
    id: '236',
    name: 'Emma Ní Chonaill',
    affiliation: 'Galway City Harriers',
    time: '13.77',
    reactionTime: '0.151',
  },
  {
    place: 'DNF',
    lane: '3',
    id: '331',
    name: 'Leah Moran',
    affiliation: 'DSD AC',
    time: '',
    reactionTime: '0.160',
  },
];

describe('rith.lss', () => {
  it('has every section FinishLynx sends, and only documented format lines', () => {
    expect([...script.keys()]).toEqual([
      'Initialization',
      'TimeRunning',
      'TimeStopped',
      'TimeGun',
      'Wind',
      'ResultsHeader',
      'Result',
      'ResultsTrailer',
      'StartListHeader',
      'StartList',
      'StartListTrailer',
    ]);
    // Every format line is preceded by a comment saying what it sends.
    const source = readFileSync(new URL('../../../agent/rith.lss', import.meta.url), 'latin1');
    const rows = source.split(/\r?\n/);
    rows.forEach((row, index) => {
      if (row.startsWith('\\')) expect(rows[index - 1]!.startsWith(';'), row).toBe(true);
    });
    // Plain ASCII, so it reads the same in any code page FinishLynx uses.
    const printable = (code: number) =>
      code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code <= 0x7e);
    expect([...source].every((char) => printable(char.charCodeAt(0)))).toBe(true);
  });

  it('writes one tab-separated record per line', () => {
    const header = renderSection(script, 'ResultsHeader', {
      0x13: { 1: 'UNOFFICIAL', 2: '100m', 3: '-0.2', 4: '1', 5: '1', 6: '2', 8: '8' },
    });
    expect(text(header)).toBe('H\tUNOFFICIAL\t100m\t-0.2\t1\t1\t2\t8\n');
    expect(text(renderSection(script, 'TimeRunning', { 0x11: { 1: '12.3' } }))).toBe(
      'T\t\t\t\t12.3\t\n',
    );
    expect(text(renderSection(script, 'Initialization', {}))).toBe('I\trith.lss\t1\n');
    expect(text(renderSection(script, 'StartList', {}))).toBe('');
  });

  it('produces what the agent reads back exactly, in one piece or write by write', () => {
    const updates = [
      { type: 'init' as const },
      { type: 'startList' as const, heat },
      ...lssRace(heat, lines, 5),
      { type: 'wind' as const, wind: '+1.8' },
    ];
    const expected: ScoreboardEvent[] = [
      { type: 'init', script: 'rith.lss', version: '1' },
      {
        type: 'startList',
        heat: { eventNumber: 12, round: 2, heat: 3 },
        eventName: 'Women 100m Hurdles',
      },
      {
        type: 'clock',
        state: 'gun',
        heat: { eventNumber: 12, round: 2, heat: 3 },
        time: '0.0',
        eventName: 'Women 100m Hurdles',
      },
      ...['0.1', '0.2', '0.3', '0.4', '0.5'].map((time) => ({
        type: 'clock' as const,
        state: 'running' as const,
        heat: { eventNumber: 12, round: 2, heat: 3 },
        time,
        eventName: 'Women 100m Hurdles',
      })),
      {
        type: 'clock',
        state: 'stopped',
        heat: { eventNumber: 12, round: 2, heat: 3 },
        time: '13.41',
        eventName: 'Women 100m Hurdles',
      },
      ...[false, true].map((official) => ({
        type: 'results' as const,
        header: {
          status: official ? 'OFFICIAL' : 'UNOFFICIAL',
          official,
          eventName: 'Women 100m Hurdles',
          wind: '+1.8',
          eventNumber: 12,
          round: 2,
          heat: 3,
          participants: 8,
        },
        lines: lines.map((line) => ({
          place: line.place!,
          lane: line.lane!,
          id: line.id!,
          name: line.name!,
          affiliation: line.affiliation!,
          time: line.time!,
          reactionTime: line.reactionTime!,
        })),
      })),
      { type: 'wind', wind: '+1.8' },
    ];
    const reader = new ScoreboardReader();
    expect(reader.push(lssStream(script, updates))).toEqual(expected);
    expect(reader.stats.skipped).toBe(0);

    const byWrite = new ScoreboardReader();
    const events = updates
      .flatMap((update) => lssWrites(script, update))
      .flatMap((write) => byWrite.push(write));
    expect(events).toEqual(expected);
  });

  it('reads names FinishLynx sends in the Windows code page', () => {
    const [event] = new ScoreboardReader().push(
      lssStream(
        script,
        [{ type: 'results', heat, lines: [{ ...lines[1]!, name: 'Zoë Müller' }] }],
        'windows-1252',
      ),
    );
    expect(event).toMatchObject({ type: 'results', lines: [{ name: 'Zoë Müller' }] });
  });

  it('sends a paged heat as full updates of one page each', () => {
    const events = new ScoreboardReader().push(
      lssStream(script, [{ type: 'results', heat, lines, pageSize: 2 }]),
    );
    expect(events.map((event) => (event.type === 'results' ? event.lines.length : -1))).toEqual([
      2, 1,
    ]);
  });

  it('refuses a script line with two %s, as FinishLynx does', () => {
    expect(() => parseLss(';;Result\n\\14\\01%s%s\\0a\n')).toThrow(/more than one/);
  });
});
