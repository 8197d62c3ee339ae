import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseResultsXml,
  parseStartListXml,
  parseTimetableXml,
} from '../../../server/parsers/xml/index.ts';
import { AthleteRows } from '../../../shared/schemas/athlete.ts';
import type { ParsedEvent, ParseResult } from '../../../server/parsers/types.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const seeds = [
  ...readme.slice(readme.indexOf('## Import formats: XML')).matchAll(/```xml\n([\s\S]*?)```/g),
].map((match) => match[1] ?? '');

/** Pieces that change an XML document's meaning or break it. */
const piece = fc.constantFrom(
  '<',
  '>',
  '/>',
  '</Event>',
  '<Competitor bib="9" name="X, Y" time="DNF"/>',
  '<Attempt>X</Attempt>',
  '"',
  "'",
  '&',
  '&amp;',
  '&#0;',
  '&#x110000;',
  '&lol;',
  '<![CDATA[<x>]]>',
  '<!-- -->',
  '<?pi x?>',
  'place="DQ"',
  ' __proto__="1" ',
  '<constructor/>',
  '\u0000',
  '\uFFFD',
);

const edit = fc.record({
  at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  remove: fc.nat(20),
  insert: fc.oneof(piece, fc.string({ maxLength: 12 })),
});

const parsers = [parseResultsXml, parseStartListXml, parseTimetableXml] as const;

function wellFormed(result: ParseResult<unknown>, fileName: string): void {
  if (!result.ok) {
    expect(result.error.file).toBe(fileName);
    return;
  }
  for (const item of result.value as (ParsedEvent | object)[]) {
    if ('rows' in item) expect(AthleteRows.safeParse(item.rows).success).toBe(true);
  }
}

describe('xml parsers on mutated documents', () => {
  it('answer ok with schema-valid rows or a failure naming the file, never a throw', () => {
    fc.assert(
      fc.property(
        fc.nat(seeds.length - 1),
        fc.nat(parsers.length - 1),
        fc.array(edit, { minLength: 1, maxLength: 5 }),
        (seed, parser, edits) => {
          let text = seeds[seed] ?? '';
          for (const { at, remove, insert } of edits) {
            const index = Math.floor(at * text.length);
            text = text.slice(0, index) + insert + text.slice(index + remove);
          }
          const parse = parsers[parser] as (b: Uint8Array, f: string) => ParseResult<unknown>;
          wellFormed(parse(new TextEncoder().encode(text), 'mutated.xml'), 'mutated.xml');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never throw on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), (bytes) => {
        for (const parse of parsers) wellFormed(parse(bytes, 'random.xml'), 'random.xml');
      }),
      { numRuns: 200 },
    );
  });
});
