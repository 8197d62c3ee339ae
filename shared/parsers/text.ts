/**
 * Text files as timing software writes them: the encoding is an operator setting, so it is
 * told from the bytes, and the comma-separated lines are read with their quoting.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Writes U+FFFD where a sequence is broken, and keeps the rest of the text. */
const lenientUtf8 = new TextDecoder('utf-8');
const utf16le = new TextDecoder('utf-16le');
const utf16be = new TextDecoder('utf-16be');

/**
 * Windows-1252 differs from Latin-1 only in 0x80-0x9F (€, curly quotes, dashes...). Node 20's
 * TextDecoder('windows-1252') decodes as Latin-1, turning those into control characters, so
 * the table is spelt out here. The five unassigned bytes keep their C1 code points, as the
 * WHATWG encoding standard maps them.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    text += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return text;
}

const isContinuation = (byte: number | undefined) =>
  byte !== undefined && byte >= 0x80 && byte <= 0xbf;

/** How many well-formed multi-byte UTF-8 sequences the bytes hold, and how many broken ones. */
function utf8Sequences(bytes: Uint8Array): { valid: number; broken: number } {
  let valid = 0;
  let broken = 0;
  for (let i = 0; i < bytes.length;) {
    // i < length: never undefined; 0 keeps the type without a check per byte.
    const byte = bytes[i] ?? 0;
    const length =
      byte < 0x80
        ? 1
        : byte >= 0xc2 && byte <= 0xdf
          ? 2
          : byte >= 0xe0 && byte <= 0xef
            ? 3
            : byte >= 0xf0 && byte <= 0xf4
              ? 4
              : 0;
    if (length === 1) {
      i += 1;
      continue;
    }
    let whole = length > 0;
    for (let k = 1; whole && k < length; k += 1) whole = isContinuation(bytes[i + k]);
    if (whole) {
      valid += 1;
      i += length;
    } else {
      broken += 1;
      i += 1;
    }
  }
  return { valid, broken };
}

/**
 * UTF-16 (either byte order) when a BOM says so, else UTF-8 (BOM or not), else Windows-1252:
 * any byte sequence decodes under 1252, so it is the last resort for files that are not
 * valid UTF-8. A UTF-8 file with a damaged byte or two among many good accented letters is
 * still UTF-8: reading all of it as 1252 would garble every accent to spare one letter, so
 * it is read as UTF-8 with U+FFFD where the damage is. The BOM is never part of the text.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16le.decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16be.decode(bytes);
  try {
    return utf8.decode(bytes);
  } catch {
    const { valid, broken } = utf8Sequences(bytes);
    return valid > broken ? lenientUtf8.decode(bytes) : decodeWindows1252(bytes);
  }
}

export interface CsvLine {
  /** 1-based line number in the file, counting comment and blank lines. */
  line: number;
  /** As written, untrimmed, with quotes removed and "" read as ". */
  fields: string[];
  /** A quoted field ran to the end of the line: the file was cut short or is not CSV. */
  unclosedQuote: boolean;
}

/**
 * A quote only opens a field at its very start; elsewhere it is an ordinary character (as in
 * a name like 5'11" written unquoted). Text after a closing quote is kept, so nothing the
 * operator typed is lost.
 */
function splitFields(text: string): { fields: string[]; unclosedQuote: boolean } {
  const fields: string[] = [];
  let index = 0;
  for (;;) {
    let field = '';
    if (text[index] === '"') {
      index += 1;
      let closed = false;
      while (index < text.length) {
        const char = text[index];
        if (char === '"' && text[index + 1] === '"') {
          field += '"';
          index += 2;
        } else if (char === '"') {
          index += 1;
          closed = true;
          break;
        } else {
          field += char;
          index += 1;
        }
      }
      if (!closed) return { fields: [...fields, field], unclosedQuote: true };
    }
    const comma = text.indexOf(',', index);
    const end = comma === -1 ? text.length : comma;
    fields.push(field + text.slice(index, end));
    if (comma === -1) return { fields, unclosedQuote: false };
    index = comma + 1;
  }
}

/**
 * The data lines of a comma-separated file. FinishLynx never writes a line break inside a
 * quoted field, so each line is read on its own: a stray quote then spoils one line, not
 * the rest of the file. Lines starting with ';' are comments.
 */
export function readCsvLines(text: string): CsvLine[] {
  const lines: CsvLine[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .forEach((raw, index) => {
      if (raw.trim() === '' || raw.trimStart().startsWith(';')) return;
      lines.push({ line: index + 1, ...splitFields(raw) });
    });
  return lines;
}
