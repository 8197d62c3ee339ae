/**
 * CSV text as RFC 4180 has it (quoted fields may hold the delimiter, "" and line ends), and
 * the guard against spreadsheet formulas a written cell gets and a read one loses.
 */

export interface CsvRecord {
  line: number;
  fields: string[];
  /** A quoted field ran over a line end, or to the end of the file. */
  multiline: boolean;
  unclosed: boolean;
}

/** RFC 4180 records: quoted fields may hold the delimiter, "" and line ends. */
export function records(text: string, delimiter: string): CsvRecord[] {
  const found: CsvRecord[] = [];
  let at = 0;
  let line = 1;
  while (at < text.length) {
    const record: CsvRecord = { line, fields: [], multiline: false, unclosed: false };
    for (;;) {
      let field = '';
      if (text[at] === '"') {
        at += 1;
        for (;;) {
          const char = text[at];
          if (char === undefined) {
            record.unclosed = true;
            break;
          }
          at += 1;
          if (char === '"' && text[at] === '"') at += 1;
          else if (char === '"') break;
          if (char === '\n' || (char === '\r' && text[at] !== '\n')) {
            line += 1;
            record.multiline = true;
          }
          field += char;
        }
      }
      while (at < text.length) {
        const char = text[at];
        if (char === '\n' || char === '\r' || char === delimiter) break;
        field += char;
        at += 1;
      }
      record.fields.push(field);
      if (text[at] === delimiter) {
        at += 1;
        continue;
      }
      at += text.startsWith('\r\n', at) ? 2 : 1;
      line += 1;
      break;
    }
    if (record.fields.some((field) => field.trim() !== '')) found.push(record);
  }
  return found;
}

/** Semicolon when the header line has more of them than commas. */
export function delimiterOf(text: string): string {
  const header = /^[^\r\n]*\S[^\r\n]*/m.exec(text)?.[0] ?? '';
  const count = (char: string) => header.split(char).length;
  return count(';') > count(',') ? ';' : ',';
}

const FORMULA = /^'*[=+\-@\t\r]/;
const NUMBERISH = /^[+-]?\d+([.,:]\d+)*$/;
/** A spreadsheet would run =, +, - or @ as a formula: such a cell gets a leading apostrophe. */
const guard = (value: string) =>
  FORMULA.test(value) && !NUMBERISH.test(value) ? `'${value}` : value;
export const unguard = (value: string) =>
  value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value;

/** Quoted when the cell holds a delimiter, a quote, a line end or edge spaces. */
export const quoted = (value: string) => {
  const safe = guard(value);
  return /[",;\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};
