import { failed, type ParseResult } from '../types.ts';
import { guard, reject } from '../lynx/failure.ts';
import type { ExchangeMeet } from './model.ts';
import { readEntries } from './hytek/entries.ts';
import { delimiterOf, fileLines, readRecords, type HytekRecord } from './hytek/records.ts';
import { isResultRecord, readResults } from './hytek/results.ts';
import { writeResults } from './hytek/writer.ts';

/**
 * Hy-Tek Meet Manager's semicolon files, the exchange format of US meet software (athletic.net,
 * MeetPro, which writes the same records with commas). Two kinds, told apart by their records:
 * entries (I athletes, D/E entries, Q relay entries) become start lists, one event per event
 * code, gender and division; results (H header, E and R results) become result lists, one
 * event per event number, round and heat.
 */

const ENTRY_TYPES = new Set(['I', 'D', 'Q']);

/**
 * Where the file shows it is results (an H, or an E that reads as a result) or entries (I, D,
 * Q, or an E that reads as an entry: a name where a result has T or F). In a results file
 * every E is read as a result, so one that is not is refused as such.
 */
function kindOf(records: HytekRecord[]): 'results' | 'entries' {
  const results = records.find(
    (record) => record.type === 'H' || (record.type === 'E' && isResultRecord(record)),
  );
  const entries = records.find((record) => ENTRY_TYPES.has(record.type));
  if (results && entries) {
    reject(
      `the file mixes results (an ${results.type} record on line ${results.line}) with entries ` +
        `(an ${entries.type} record on line ${entries.line})`,
      Math.max(results.line, entries.line),
    );
  }
  if (results) return 'results';
  return entries || records.some((record) => record.type === 'E') ? 'entries' : 'results';
}

export function readHytek(text: string, file: string): ParseResult<ExchangeMeet> {
  if (delimiterOf(text) === null) {
    const first = fileLines(text).find((line) => line.text.trim() !== '');
    return failed(
      first
        ? {
            file,
            row: first.line,
            reason:
              'not a Hy-Tek file: the first record does not start with a record type letter and ; or ,',
          }
        : { file, reason: 'the file is empty' },
    );
  }
  return guard(file, (warn) => {
    const records = readRecords(text);
    if (kindOf(records) === 'entries') {
      const events = readEntries(records, warn);
      return { source: 'hytek', name: null, date: null, finishDate: null, venue: null, events };
    }
    const { name, date, finishDate, events } = readResults(records, warn);
    return { source: 'hytek', name, date, finishDate, venue: null, events };
  });
}

/**
 * A Hy-Tek results file (H, then E and R records; semicolons, CRLF) of the meet's results.
 * `now` is when the file says it was written (field 6 of H).
 */
export function writeHytek(meet: ExchangeMeet, now: Date = new Date()): string {
  return writeResults(meet, now);
}

/** How many records the sniffer looks at. */
const SNIFFED = 3;
/** Fields the first record needs to be taken for a Hy-Tek one: up to its key field. */
const OPENING_FIELDS: Readonly<Record<string, number>> = { H: 2, I: 3, D: 11, E: 11, Q: 7, R: 11 };

/**
 * Whether the text is a Hy-Tek file: its first record is H, I, D, E, R or Q with ; or , after
 * the letter and long enough to be one, and the records after it are Hy-Tek records of the
 * same kind. Only the opening records are judged, so a Hy-Tek file with a bad mark or a stray
 * record further down still goes to readHytek, whose refusal names that line, rather than
 * being called a file of no known format.
 */
export function looksLikeHytek(text: string): boolean {
  const records = readRecords(text).slice(0, SNIFFED);
  const first = records[0];
  if (!first || first.fields.length < (OPENING_FIELDS[first.type] ?? Infinity)) return false;
  if (!records.every((record) => /^[HIDERQ]$/.test(record.type))) return false;
  try {
    kindOf(records);
    return true;
  } catch {
    return false;
  }
}
