import type { ParseResult, Person } from '../types.ts';
import { Cells } from './cells.ts';
import { guard } from './failure.ts';
import { readLynxLines } from './source.ts';

const columns = ['ID', 'last name', 'first name', 'affiliation'] as const;

/**
 * lynx.ppl: the people FinishLynx looks bibs up in. Extra producer columns are ignored. A
 * person is found by ID, so a line without one is refused rather than silently dropped.
 */
export function parsePpl(bytes: Uint8Array, fileName: string): ParseResult<Person[]> {
  return guard(fileName, (warn) =>
    readLynxLines(bytes, warn).map((line) => {
      const cells = new Cells<(typeof columns)[number]>(line, columns);
      const bib = cells.get('ID');
      if (bib === '') cells.reject('ID', 'an ID');
      return {
        bib,
        lastName: cells.get('last name'),
        firstName: cells.get('first name'),
        club: cells.optional('affiliation'),
      };
    }),
  );
}
