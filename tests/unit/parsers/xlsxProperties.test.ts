import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseFieldResultsXlsx,
  parseStartListXlsx,
  parseTimetableXlsx,
  parseTrackResultsXlsx,
  readFirstSheet,
} from '../../../server/parsers/xlsx/index.ts';
import { AthleteRows } from '../../../shared/schemas/athlete.ts';
import type { ParseResult } from '../../../server/parsers/types.ts';
import { minimalWorkbookParts, writeZip } from '../../fixtures/xlsx/zipWriter.ts';

const template = (file: string) =>
  Uint8Array.from(
    readFileSync(new URL(`../../../client/public/templates/${file}`, import.meta.url)),
  );

/** Real workbooks, and one with stored (uncompressed) parts so mutations land in the XML. */
const seeds = [
  template('manualStartList.xlsx'),
  template('manualTrackEventResults.xlsx'),
  template('manualFieldEventResults.xlsx'),
  template('manualTimeTable.xlsx'),
  writeZip(
    minimalWorkbookParts([
      ['bib', 'event', 'first name', 'last name', 'result', 'attempt1', 'time', 'event name'],
      ['1', 'Women 100m', 'A', 'B', '11.87', '6.01', '10:00', 'Women 100m'],
    ]).map((part) => ({ ...part, store: true })),
  ),
];

const parsers = [
  parseStartListXlsx,
  parseTrackResultsXlsx,
  parseFieldResultsXlsx,
  parseTimetableXlsx,
  readFirstSheet,
] as const;

type Mutation =
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'cut'; at: number }
  | { kind: 'splice'; at: number; remove: number; insert: Uint8Array };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.nat(255) }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('splice' as const),
    at: fc.nat(),
    remove: fc.nat(64),
    insert: fc.uint8Array({ maxLength: 64 }),
  }),
);

function mutate(bytes: Uint8Array, changes: readonly Mutation[]): Uint8Array {
  let out = bytes;
  for (const change of changes) {
    const at = out.length === 0 ? 0 : change.at % out.length;
    if (change.kind === 'flip') {
      out = Uint8Array.from(out);
      out[at] = change.byte;
    } else if (change.kind === 'cut') {
      out = out.slice(0, at);
    } else {
      out = Uint8Array.from([
        ...out.subarray(0, at),
        ...change.insert,
        ...out.subarray(at + change.remove),
      ]);
    }
  }
  return out;
}

/** Schema-valid rows when it succeeds, the file named when it fails. */
function wellFormed(result: ParseResult<unknown>, fileName: string): void {
  if (!result.ok) {
    expect(result.error.file).toBe(fileName);
    expect(typeof result.error.reason).toBe('string');
    return;
  }
  const value = result.value as { rows?: unknown };
  if (value && typeof value === 'object' && 'rows' in value) {
    expect(AthleteRows.safeParse(value.rows).success).toBe(true);
  }
}

describe('xlsx parsers on mutated workbooks', () => {
  it('answer ok with schema-valid rows or a failure naming the file, never a throw', () => {
    fc.assert(
      fc.property(
        fc.nat(seeds.length - 1),
        fc.nat(parsers.length - 1),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (seed, parser, changes) => {
          const bytes = mutate(seeds[seed] as Uint8Array, changes);
          const parse = parsers[parser] as (b: Uint8Array, f: string) => ParseResult<unknown>;
          wellFormed(parse(bytes, 'mutated.xlsx'), 'mutated.xlsx');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never throw on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        for (const parse of parsers) wellFormed(parse(bytes, 'random.xlsx'), 'random.xlsx');
      }),
      { numRuns: 200 },
    );
  });
});
