import { decodeText, readCsvLines } from '../../../shared/parsers/text.ts';
import type { CsvLine } from '../../../shared/parsers/text.ts';
import { reject, type Warn } from './failure.ts';

/**
 * Control characters other than tab and line breaks never belong in a timing file. One or
 * two are damage (FinishLynx has been seen writing the low byte of a Polish letter, 0x19 for
 * ę): the row is kept with U+FFFD in their place and the operator is told. Many of them mean
 * the file is not text at all.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const REPLACEMENT = '\uFFFD';

/**
 * How many damaged characters a text file may have before it counts as binary: a Polish
 * heat whose every ą, ć and ę lost its high byte has a few in each row, a binary file one in
 * every few characters.
 */
const MAX_DAMAGE = (length: number) => Math.max(8, length / 10);

/** First bytes of the binary files an operator might pick by mistake. */
const BINARY_SIGNATURES: readonly number[][] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46], // PDF
  [0x50, 0x4b, 0x03, 0x04], // zip (xlsx, docx)
  [0x1f, 0x8b], // gzip
  [0x49, 0x49, 0x2a, 0x00], // TIFF
  [0x4d, 0x4d, 0x00, 0x2a], // TIFF
];

const hasBom16 = (bytes: Uint8Array) =>
  (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/**
 * A NUL byte outside UTF-16 (or UTF-16 without its BOM), or a known binary signature: an
 * image, an archive, a PDF. Refused whole: there is no row to publish in it.
 */
function isBinary(bytes: Uint8Array): boolean {
  if (BINARY_SIGNATURES.some((signature) => signature.every((byte, i) => bytes[i] === byte))) {
    return true;
  }
  return !hasBom16(bytes) && bytes.includes(0);
}

/**
 * The decoded data lines of a FinishLynx or FieldLynx file, or a rejection. A damaged
 * character is replaced and reported through `warn` with its line.
 */
export function readLynxLines(bytes: Uint8Array, warn: Warn): CsvLine[] {
  if (isBinary(bytes)) reject('not a text file: it contains binary data');
  const text = decodeText(bytes);
  const damage = (text.match(CONTROL) ?? []).length;
  if (damage > MAX_DAMAGE(text.length)) reject('not a text file: it contains binary data');
  const lines = readCsvLines(text);
  for (const line of lines) {
    if (line.unclosedQuote) reject('a quoted field is not closed', line.line);
    const fields = line.fields.map((field) => field.replace(CONTROL, REPLACEMENT));
    if (fields.some((field) => field.includes(REPLACEMENT))) {
      line.fields = fields;
      warn(line.line, `a damaged character was replaced with ${REPLACEMENT}`);
    }
  }
  return lines;
}
