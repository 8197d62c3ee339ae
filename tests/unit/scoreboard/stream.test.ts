import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_RECORD_BYTES,
  ScoreboardReader,
  type ScoreboardEvent,
} from '../../../agent/scoreboardStream.ts';
import { HeatBoard } from '../../../agent/scoreboardHeats.ts';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

const HEADER = 'H\tUNOFFICIAL\t100m Men\t+1.2\t1\t1\t2\t8\n';
const ROW_1 = 'R\t1\t4\t101\tAoife Murphy\tDCH\t10.51\t0.145\n';
const ROW_2 = 'R\t2\t5\t236\tEmma Ní Chonaill\tGCH\t10.77\t0.151\n';
const TRAILER = 'E\t1\t1\t2\n';
const UPDATE = HEADER + ROW_1 + ROW_2 + TRAILER;

const RESULTS: ScoreboardEvent = {
  type: 'results',
  header: {
    status: 'UNOFFICIAL',
    official: false,
    eventName: '100m Men',
    wind: '+1.2',
    eventNumber: 1,
    round: 1,
    heat: 2,
    participants: 8,
  },
  lines: [
    {
      place: '1',
      lane: '4',
      id: '101',
      name: 'Aoife Murphy',
      affiliation: 'DCH',
      time: '10.51',
      reactionTime: '0.145',
    },
    {
      place: '2',
      lane: '5',
      id: '236',
      name: 'Emma Ní Chonaill',
      affiliation: 'GCH',
      time: '10.77',
      reactionTime: '0.151',
    },
  ],
};

const readAll = (input: Uint8Array | string) => new ScoreboardReader().push(input);

/** Feeds the stream in the given pieces and collects every event. */
function readInPieces(stream: Uint8Array, cuts: number[]): ScoreboardEvent[] {
  const reader = new ScoreboardReader();
  const events: ScoreboardEvent[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    events.push(...reader.push(stream.subarray(from, cut)));
    from = cut;
  }
  events.push(...reader.push(stream.subarray(from)));
  return events;
}

describe('ScoreboardReader', () => {
  it('reads a results update only once its trailer arrives', () => {
    const reader = new ScoreboardReader();
    expect(reader.push(HEADER + ROW_1 + ROW_2)).toEqual([]);
    expect(reader.push(TRAILER)).toEqual([RESULTS]);
    expect(reader.stats).toEqual({ records: 4, skipped: 0 });
  });

  it('reads clocks, wind, start lists and the script greeting', () => {
    const events = readAll(
      'I\trith.lss\t1\nG\t1\t1\t2\t0.0\t100m Men\nT\t1\t1\t2\t3.4\t100m Men\nT\t\t\t\t3.5\t\n' +
        'S\t1\t1\t2\t10.51\t100m Men\nW\t-0.4\nL\t3\t1\t1\t200m Women\n',
    );
    expect(events).toEqual([
      { type: 'init', script: 'rith.lss', version: '1' },
      {
        type: 'clock',
        state: 'gun',
        heat: { eventNumber: 1, round: 1, heat: 2 },
        time: '0.0',
        eventName: '100m Men',
      },
      {
        type: 'clock',
        state: 'running',
        heat: { eventNumber: 1, round: 1, heat: 2 },
        time: '3.4',
        eventName: '100m Men',
      },
      { type: 'clock', state: 'running', heat: null, time: '3.5', eventName: '' },
      {
        type: 'clock',
        state: 'stopped',
        heat: { eventNumber: 1, round: 1, heat: 2 },
        time: '10.51',
        eventName: '100m Men',
      },
      { type: 'wind', wind: '-0.4' },
      { type: 'startList', heat: { eventNumber: 3, round: 1, heat: 1 }, eventName: '200m Women' },
    ]);
  });

  it('gives the same events whatever byte boundaries the stream is split at', () => {
    const stream = bytes(UPDATE + 'T\t1\t1\t2\t12.3\t100m Men\n' + UPDATE);
    const whole = readAll(stream);
    expect(whole).toHaveLength(3);
    for (let cut = 0; cut <= stream.length; cut += 1) {
      expect(readInPieces(stream, [cut])).toEqual(whole);
    }
    // And one byte at a time, which splits every multi-byte character too.
    const reader = new ScoreboardReader();
    const oneByOne = [...stream].flatMap((byte) => reader.push(Uint8Array.of(byte)));
    expect(oneByOne).toEqual(whole);
  });

  it('tolerates CRLF, NULs and other control bytes', () => {
    const noisy = UPDATE.replace(/\n/g, '\r\n').replace(/\t1\t/, '\t\x001\x02\t');
    expect(readAll('\x00\x00' + noisy)).toEqual([RESULTS]);
  });

  it('reads Windows-1252 text as well as UTF-8', () => {
    const latin = Uint8Array.from(
      [
        ...'H\tOFFICIAL\t100m Männer\t\t1\t1\t1\t\nR\t1\t4\t\tJürgen Strauß\t\t10.1\t\nE\t\t\t\n',
      ].map((char) => char.charCodeAt(0)),
    );
    const [event] = readAll(latin);
    expect(event).toMatchObject({
      type: 'results',
      header: { official: true, eventName: '100m Männer', participants: null },
      lines: [{ name: 'Jürgen Strauß' }],
    });
  });

  it('drops an update cut off by another header, and keeps the next one whole', () => {
    const reader = new ScoreboardReader();
    const cutOff = 'H\tUNOFFICIAL\t200m\t\t2\t1\t1\t8\nR\t1\t3\t5\tX\t\t22.0\t\n';
    expect(reader.push(cutOff + UPDATE)).toEqual([RESULTS]);
    expect(reader.stats.skipped).toBe(1);
  });

  it('drops a trailer that names another heat than its header', () => {
    expect(readAll(HEADER + ROW_1 + 'E\t9\t1\t1\n')).toEqual([]);
  });

  it('skips and counts malformed records, never throws', () => {
    const reader = new ScoreboardReader();
    const events = reader.push(
      'garbage line\nX\t1\nT\tone\t1\t1\t1.0\t\nH\tOFFICIAL\tx\t\t12345\t1\t1\t8\n' +
        'R\t1\t2\t3\t4\t5\t6\t7\t8\t9\nR\t1\t2\t3\tNo header\t\t10.0\t\nE\n\n   \n' +
        UPDATE,
    );
    expect(events).toEqual([RESULTS]);
    // garbage, X, T with a word for the event, H with a 5-digit event, R with too many
    // fields, R outside an update, E outside an update.
    expect(reader.stats.skipped).toBe(7);
  });

  it('drops a record longer than 4 KB, and a partial record that grows past it', () => {
    const long = 'R\t1\t2\t3\t' + 'x'.repeat(MAX_RECORD_BYTES) + '\t\t10.0\t\n';
    expect(readAll(HEADER + long + ROW_1 + ROW_2 + TRAILER)).toEqual([RESULTS]);

    const reader = new ScoreboardReader();
    for (let i = 0; i < 10; i += 1) reader.push('y'.repeat(1000));
    expect(reader.push('\n' + UPDATE)).toEqual([RESULTS]);
    expect(reader.stats.skipped).toBe(1);
  });

  it('never throws on arbitrary bytes, however they are split', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 600 }), { maxLength: 20 }), (chunks) => {
        const reader = new ScoreboardReader();
        for (const chunk of chunks) reader.push(chunk);
        // Whatever came before (it may end a record of its own), a whole update on a fresh
        // line still reads.
        expect(reader.push('\n' + UPDATE).at(-1)).toEqual(RESULTS);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a valid stream chopped at random points as it reads it in one piece', () => {
    // Text FinishLynx could put in a field: no control bytes, no surrounding spaces.
    const field = fc.string({ maxLength: 30, unit: 'grapheme' }).map((text) =>
      [...text]
        .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
        .join('')
        .trim(),
    );
    const num = fc.integer({ min: 0, max: 99 }).map(String);
    const record = fc.oneof(
      fc.tuple(num, num, num, field).map(([e, r, h, t]) => `T\t${e}\t${r}\t${h}\t${t}\t\n`),
      fc.tuple(field).map(([w]) => `W\t${w}\n`),
      fc
        .tuple(
          num,
          num,
          num,
          field,
          fc.array(fc.tuple(field, field, field, field), { maxLength: 10 }),
        )
        .map(
          ([e, r, h, name, rows]) =>
            `H\tOFFICIAL\t${name}\t\t${e}\t${r}\t${h}\t\n` +
            rows.map(([p, l, n, t]) => `R\t${p}\t${l}\t\t${n}\t\t${t}\t\n`).join('') +
            `E\t${e}\t${r}\t${h}\n`,
        ),
    );
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 15 }).chain((records) => {
          const stream = bytes(records.join(''));
          return fc.tuple(
            fc.constant(stream),
            fc.array(fc.integer({ min: 0, max: stream.length }), { maxLength: 30 }),
          );
        }),
        ([stream, cuts]) => {
          const whole = readAll(stream);
          expect(readInPieces(stream, cuts)).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('HeatBoard', () => {
  const reader = () => new ScoreboardReader();

  it('merges pages of a heat by bib, then lane, then name; a later line replaces an earlier', () => {
    const board = new HeatBoard();
    const apply = (text: string) =>
      reader()
        .push(text)
        .map((event) => board.apply(event));
    const page1 =
      'H\tUNOFFICIAL\t100m\t\t1\t1\t1\t4\nR\t1\t4\t101\tA\t\t10.5\t\nR\t2\t5\t\tB\t\t10.6\t\nE\t1\t1\t1\n';
    const page2 =
      'H\tUNOFFICIAL\t100m\t\t1\t1\t1\t4\nR\t3\t\t\tC\t\t10.7\t\nR\t\t6\t\tD\t\t\t\nE\t1\t1\t1\n';
    apply(page1);
    const [second] = apply(page2);
    expect(second).toMatchObject({
      type: 'results',
      heat: { eventNumber: 1, round: 1, heat: 1, eventName: '100m' },
      rows: [{ bib: '101' }, { lane: '5' }, { name: 'C' }],
    });
    const [third] = apply(
      'H\tOFFICIAL\t100m\t+0.3\t1\t1\t1\t4\nR\t2\t4\t101\tA\t\t10.55\t\nR\t1\t5\t\tB\t\t10.50\t\nE\t1\t1\t1\n',
    );
    expect(third).toEqual({
      type: 'results',
      heat: { eventNumber: 1, round: 1, heat: 1, eventName: '100m' },
      wind: '+0.3',
      rows: [
        {
          place: '1',
          lane: '5',
          bib: '',
          name: 'B',
          affiliation: '',
          time: '10.50',
          reactionTime: '',
        },
        {
          place: '2',
          lane: '4',
          bib: '101',
          name: 'A',
          affiliation: '',
          time: '10.55',
          reactionTime: '',
        },
        {
          place: '3',
          lane: '',
          bib: '',
          name: 'C',
          affiliation: '',
          time: '10.7',
          reactionTime: '',
        },
      ],
    });
  });

  it('gives a clock without event numbers to the current heat, and switches heat on a header', () => {
    // The 800m's update has no result yet (a start-list line showing through): it sends
    // nothing, but the heat on the scoreboard is the 800m from then on.
    const board = new HeatBoard();
    const r = reader();
    const updates = r
      .push(
        'T\t\t\t\t1.0\t\nL\t5\t1\t2\t400m\nT\t\t\t\t2.0\t\nH\tUNOFFICIAL\t800m\t\t6\t1\t1\t\nR\t\t3\t\tNot yet\t\t\t\nE\t6\t1\t1\nS\t\t\t\t1:59.1\t\n',
      )
      .map((event) => board.apply(event));
    expect(updates).toEqual([
      null,
      null,
      {
        type: 'clock',
        heat: { eventNumber: 5, round: 1, heat: 2, eventName: '400m' },
        state: 'running',
        time: '2.0',
      },
      null,
      {
        type: 'clock',
        heat: { eventNumber: 6, round: 1, heat: 1, eventName: '800m' },
        state: 'stopped',
        time: '1:59.1',
      },
    ]);
  });
});
