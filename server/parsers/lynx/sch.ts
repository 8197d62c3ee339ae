import type { ParseResult, ScheduleEntry } from '../types.ts';
import { Cells } from './cells.ts';
import { guard } from './failure.ts';
import { keyColumns, readEventKey } from './key.ts';
import { readLynxLines } from './source.ts';

const columns = ['event', 'round', 'heat'] as const;

/** lynx.sch: the races in running order, one `event, round, heat` a line. */
export function parseSch(bytes: Uint8Array, fileName: string): ParseResult<ScheduleEntry[]> {
  return guard(fileName, (warn) =>
    readLynxLines(bytes, warn).map((line) =>
      readEventKey(new Cells<(typeof columns)[number]>(line, columns), keyColumns),
    ),
  );
}
