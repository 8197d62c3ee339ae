import { decodeText, readCsvLines } from '../text.ts';
import type { CsvLine } from '../text.ts';
import { reject } from './failure.ts';

/**
 * Control characters other than tab and line breaks never occur in a timing file; finding
 * one means binary data, or UTF-16 without its BOM, so the file is refused rather than
 * read as nonsense (Windows-1252 decodes any byte).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/;

/** The decoded data lines of a FinishLynx or FieldLynx file, or a rejection. */
export function readLynxLines(bytes: Uint8Array): CsvLine[] {
  const text = decodeText(bytes);
  const lines = readCsvLines(text);
  for (const line of lines) {
    if (CONTROL.test(line.fields.join(','))) {
      reject('not a text file: it contains binary data', line.line);
    }
    if (line.unclosedQuote) reject('a quoted field is not closed', line.line);
  }
  return lines;
}
