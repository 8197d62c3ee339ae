import type { CsvLine } from '../../../shared/parsers/text.ts';
import type { ParsedEvent, ParseResult } from '../types.ts';
import { Cells, noneIfZero } from './cells.ts';
import { guard, reject } from './failure.ts';
import { readEventHeader } from './header.ts';
import { lifColumns } from './lif.ts';
import { checkedRows, entrant, lynxRow } from './rows.ts';
import { readLynxLines } from './source.ts';

/**
 * Entrant lines leave the first column empty; the format lets the line start with a tab or a
 * space instead of the comma, in which case that whitespace stands for the empty column.
 */
function entrantFields(line: CsvLine): CsvLine | null {
  const first = line.fields[0] ?? '';
  if (first.trim() === '') return line;
  if (/^\s/.test(first)) return { ...line, fields: ['', first.trim(), ...line.fields.slice(1)] };
  return null;
}

/**
 * Every event in lynx.evt with its start list. The result columns an entrant line may carry
 * are ignored: this is the start list, results come from the .lif and .lff files. For field
 * events the lane column is the competition order and is kept as the lane.
 */
export function parseEvt(bytes: Uint8Array, fileName: string): ParseResult<ParsedEvent[]> {
  return guard(fileName, (warn) => {
    const events: { event: Omit<ParsedEvent, 'rows'>; lines: CsvLine[] }[] = [];
    for (const line of readLynxLines(bytes, warn)) {
      const entrant = entrantFields(line);
      const current = events.at(-1);
      if (!entrant) events.push({ event: readEventHeader(line, true, warn), lines: [] });
      else if (current) current.lines.push(entrant);
      else reject('an entrant line comes before any event header', line.line);
    }
    if (events.length === 0) reject('the file is empty: no event header');
    return events.map(({ event, lines }) => ({
      ...event,
      rows: checkedRows(
        lines.map((line) => {
          const cells = new Cells<(typeof lifColumns)[number]>(line, lifColumns);
          return lynxRow(fileName, line.line, {
            bib: noneIfZero(cells.optional('ID')),
            lane: noneIfZero(cells.optional('lane')),
            ...entrant(
              cells.get('first name'),
              cells.get('last name'),
              cells.optional('affiliation'),
            ),
            eventName: event.eventName,
          });
        }),
        lines.map((line) => line.line),
      ),
    }));
  });
}
