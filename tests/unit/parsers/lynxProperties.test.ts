import { readdirSync, readFileSync, statSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseEvt,
  parseLff,
  parseLif,
  parsePpl,
  parseSch,
} from '../../../server/parsers/lynx/index.ts';
import { AthleteRows } from '../../../shared/schemas/athlete.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { ParseResult } from '../../../server/parsers/types.ts';

const directory = new URL('../../fixtures/finishlynx/', import.meta.url);
// Another meet's lynx.evt sits in a subfolder of its own: every file, at any depth.
const samples = readdirSync(directory, { recursive: true, encoding: 'utf8' })
  .filter((name) => statSync(new URL(name, directory)).isFile())
  .map((name) => ({
    name,
    bytes: Uint8Array.from(readFileSync(new URL(name, directory))),
  }));

type Mutation = (bytes: Uint8Array) => Uint8Array;

const at = (bytes: Uint8Array, fraction: number) => Math.floor(fraction * bytes.length);
const fraction = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const splice = (bytes: Uint8Array, start: number, remove: number, insert: number[] = []) =>
  Uint8Array.from([...bytes.subarray(0, start), ...insert, ...bytes.subarray(start + remove)]);

const lines = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').split('\r\n');
const join = (parts: string[]) => Uint8Array.from(Buffer.from(parts.join('\r\n'), 'latin1'));

/** Values a timing file gives meaning to, and some that break quoting or numbers. */
const tricky = fc.constantFrom(
  '',
  '"',
  '""',
  '"a,b"',
  'DNS',
  'DNF',
  'DQ',
  'NT',
  'F',
  'P',
  'PPP',
  'XXO',
  'SH',
  'EH',
  '-0.0',
  '+2.1',
  '1A',
  '0',
  '007',
  '59.999',
  '1:02:03.456',
  '9:99.9',
  ';',
  '\t',
  'metric',
  'LJ1',
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fraction, fc.integer({ min: 0, max: 255 })).map(
    ([where, value]): Mutation =>
      (bytes) =>
        splice(bytes, at(bytes, where), 1, [value]),
  ),
  fc.tuple(fraction, fc.uint8Array({ minLength: 1, maxLength: 8 })).map(
    ([where, inserted]): Mutation =>
      (bytes) =>
        splice(bytes, at(bytes, where), 0, [...inserted]),
  ),
  fc.tuple(fraction, fc.integer({ min: 1, max: 40 })).map(
    ([where, count]): Mutation =>
      (bytes) =>
        splice(bytes, at(bytes, where), count),
  ),
  fraction.map(
    (where): Mutation =>
      (bytes) =>
        bytes.subarray(0, at(bytes, where)),
  ),
  fc.tuple(fraction, fraction).map(([from, to]): Mutation => (bytes) => {
    const parts = lines(bytes);
    const line = parts[Math.floor(from * parts.length)] ?? '';
    parts.splice(Math.floor(to * parts.length), 0, line);
    return join(parts);
  }),
  fc
    .tuple(fraction, fraction, fc.oneof(tricky, fc.string({ maxLength: 12 })))
    .map(([lineAt, fieldAt, value]): Mutation => (bytes) => {
      const parts = lines(bytes);
      const index = Math.floor(lineAt * parts.length);
      const fields = (parts[index] ?? '').split(',');
      fields[Math.floor(fieldAt * fields.length)] = value;
      parts[index] = fields.join(',');
      return join(parts);
    }),
);

const mutated = fc.tuple(
  fc.constantFrom(...samples),
  fc.array(mutation, { minLength: 1, maxLength: 3 }),
);

/** Whatever the bytes, a parser answers: schema-valid rows, or a failure naming the file. */
function checkAnswer<T>(
  parse: (bytes: Uint8Array, name: string) => ParseResult<T>,
  rowsOf: (value: T) => AthleteRow[],
) {
  fc.assert(
    fc.property(mutated, ([sample, mutations]) => {
      const bytes = mutations.reduce<Uint8Array>(
        (current, mutate) => mutate(current),
        sample.bytes,
      );
      const result = parse(bytes, sample.name);
      if (result.ok) {
        expect(AthleteRows.safeParse(rowsOf(result.value)).success).toBe(true);
        expect(parse(bytes, sample.name)).toEqual(result);
      } else {
        expect(result.error.file).toBe(sample.name);
        // The guard's catch-all reason would mean a bug surfaced as an exception.
        expect(result.error.reason).not.toMatch(/^$|^could not read the file/);
        if (result.error.row !== undefined) expect(result.error.row).toBeGreaterThan(0);
      }
    }),
    { numRuns: 300 },
  );
}

describe('parsers on mutated samples never throw', () => {
  it('parseLif', () => checkAnswer(parseLif, (event) => event.rows));
  it('parseLff', () => checkAnswer(parseLff, (event) => event.rows));
  it('parseEvt', () => checkAnswer(parseEvt, (events) => events.flatMap((e) => e.rows)));
  it('parseSch', () => checkAnswer(parseSch, () => []));
  it('parsePpl', () => checkAnswer(parsePpl, () => []));

  it('every unmutated sample parses with its own parser', () => {
    const parsers = { lif: parseLif, lff: parseLff, evt: parseEvt };
    for (const { name, bytes } of samples) {
      const extension = name.split('.').pop() as keyof typeof parsers;
      expect(parsers[extension](bytes, name).ok).toBe(true);
    }
  });
});
