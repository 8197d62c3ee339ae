import { failed, parsed, type ParseResult, type ParseWarning } from '../types.ts';
import { columnsOf, hasName } from './csv/columns.ts';
import { readRecords, Unreadable } from './csv/read.ts';
import { delimiterOf, records } from './csv/records.ts';
import type { ExchangeMeet } from './model.ts';

export { CSV_COLUMNS } from './csv/columns.ts';
export { writeCsv } from './csv/write.ts';

/**
 * Rith's own CSV template: one row per athlete per event, columns named in a header row.
 * Read with RFC 4180 quoting, comma or semicolon, in any column order; written with the
 * template's columns, quoted where needed and guarded against spreadsheet formulas. In the
 * attempts column "." stands for a height or round without a trial.
 */

/** A header row naming at least the event and the athlete's name. */
export function looksLikeCsv(text: string): boolean {
  const line = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .find((l) => l.trim() !== '');
  const header = line === undefined ? undefined : records(line, delimiterOf(line))[0];
  const columns = header ? columnsOf(header) : null;
  return columns !== null && columns.has('event') && hasName(columns);
}

export function readCsv(text: string, file: string): ParseResult<ExchangeMeet> {
  const warnings: ParseWarning[] = [];
  try {
    const events = readRecords(text.replace(/^\uFEFF/, ''), file, warnings);
    const meet: ExchangeMeet = {
      source: 'csv',
      name: null,
      date: null,
      finishDate: null,
      venue: null,
      events,
    };
    return parsed(meet, warnings);
  } catch (error) {
    if (!(error instanceof Unreadable)) {
      return failed({ file, reason: `could not read the CSV file (${String(error)})` });
    }
    return failed({
      file,
      row: error.row,
      ...(error.column === undefined ? {} : { column: error.column }),
      reason: error.message,
    });
  }
}
