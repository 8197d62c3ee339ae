/**
 * The records of a Hy-Tek semicolon file (or of the same records written with commas, as
 * MeetPro does): one record a line, its type the first field. Real files end lines with
 * CR CR LF, add trailing delimiters, leave blank lines and start with a BOM; comma files may
 * quote a field.
 */
export interface HytekRecord {
  /** 1-based line in the file, blank lines counted. */
  line: number;
  /** The first field, upper case: H, E, R, I, D, Q. */
  type: string;
  /** Every field trimmed, the type included: field n (1-based, as the format numbers them) is fields[n - 1]. */
  fields: string[];
}

/** Field n (1-based), trimmed; '' when the record ends before it. */
export function field(record: HytekRecord, n: number): string {
  return record.fields[n - 1] ?? '';
}

/** Field n, or null when blank. */
export function optional(record: HytekRecord, n: number): string | null {
  const value = field(record, n);
  return value === '' ? null : value;
}

/** How many fields the record has, trailing empty ones left out. */
export function filledLength(record: HytekRecord): number {
  let length = record.fields.length;
  while (length > 0 && record.fields[length - 1] === '') length -= 1;
  return length;
}

/** A type letter, then the delimiter that decides the whole file. */
const FIRST_RECORD = /^\s*([A-Za-z])\s*([;,])/;

/** The delimiter the first record uses, or null when the text does not start like a Hy-Tek file. */
export function delimiterOf(text: string): ';' | ',' | null {
  const first = fileLines(text).find((line) => line.text.trim() !== '');
  const match = first ? FIRST_RECORD.exec(first.text) : null;
  return match ? (match[2] as ';' | ',') : null;
}

/** The file's lines, 1-based, BOM removed. */
export function fileLines(text: string): { line: number; text: string }[] {
  // CR CR LF (a CRLF file passed through a text-mode copy) is one line end, not two.
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r*\n|\r+/)
    .map((line, index) => ({ line: index + 1, text: line }));
}

/** A field starting with a double quote runs to its closing quote; "" inside reads as ". */
function splitFields(text: string, delimiter: string): string[] {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    while (text[at] === ' ' || text[at] === '\t') at += 1;
    if (text[at] === '"') {
      let value = '';
      at += 1;
      while (at < text.length) {
        if (text[at] === '"' && text[at + 1] === '"') {
          value += '"';
          at += 2;
        } else if (text[at] === '"') {
          at += 1;
          break;
        } else {
          value += text[at];
          at += 1;
        }
      }
      const end = text.indexOf(delimiter, at);
      fields.push((value + text.slice(at, end === -1 ? text.length : end)).trim());
      if (end === -1) return fields;
      at = end + 1;
    } else {
      const end = text.indexOf(delimiter, at);
      fields.push(text.slice(at, end === -1 ? text.length : end).trim());
      if (end === -1) return fields;
      at = end + 1;
    }
  }
}

/** The file's records in order, blank lines skipped; empty when the file has none. */
export function readRecords(text: string): HytekRecord[] {
  const delimiter = delimiterOf(text);
  if (delimiter === null) return [];
  return fileLines(text)
    .filter((line) => line.text.trim() !== '')
    .map((line) => {
      const fields = splitFields(line.text, delimiter);
      return { line: line.line, type: (fields[0] ?? '').toUpperCase(), fields };
    });
}

/**
 * Where Rith writes the event's own name, past every field Hy-Tek defines (an E record's 32,
 * a relay's four legs up to 46): Hy-Tek names no event, and Rith reads its own name back.
 */
export const RITH_NAME_FIELD = { E: 34, R: 47 } as const;
