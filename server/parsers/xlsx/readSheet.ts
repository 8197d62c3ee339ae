import * as XLSX from 'xlsx';
import { checkedZipEntries, withDeclaredSizes } from '../zip.ts';
import { failed, parsed } from '../types.ts';
import type { ParseResult } from '../types.ts';

/** One non-blank row of the first worksheet, with the row number Excel shows. */
export interface SheetRow {
  sheetRow: number;
  cells: (string | null)[];
}

/** No start list, result list or timetable comes near this; more is a mistake or an attack. */
export const MAX_SHEET_ROWS = 10_000;

const cellText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
};

/**
 * The first worksheet as trimmed text cells (blank cells null), blank rows left out. The zip
 * is checked before SheetJS sees it; formulas and HTML are not read, and cells come back as
 * the text Excel displays (raw: false), so a time typed 14:30 reads "14:30".
 */
export function readFirstSheetRows(bytes: Uint8Array, fileName: string): ParseResult<SheetRow[]> {
  try {
    const zip = checkedZipEntries(bytes);
    if (!zip.ok) return failed({ file: fileName, reason: zip.reason });
    const workbook = XLSX.read(withDeclaredSizes(bytes, zip.value), {
      type: 'array',
      sheets: 0,
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      sheetRows: MAX_SHEET_ROWS + 1,
    });
    const firstName = workbook.SheetNames[0];
    const sheet = firstName === undefined ? undefined : workbook.Sheets[firstName];
    if (!sheet) return failed({ file: fileName, reason: 'the workbook has no worksheet' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: false,
      defval: null,
      // Blank rows are kept here, and dropped below, so each row's index gives its number
      // (sheet_to_json records no row numbers for header: 1).
      blankrows: true,
    });
    const firstRow = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).s.r : 0;
    const out: SheetRow[] = [];
    rows.forEach((row, index) => {
      if (!Array.isArray(row)) return;
      const cells = row.map(cellText);
      if (cells.every((cell) => cell === null)) return;
      out.push({ sheetRow: firstRow + index + 1, cells });
    });
    // SheetJS keeps the untruncated range in !fullref when sheetRows cut the sheet short.
    const fullRef = sheet['!fullref'];
    if (typeof fullRef === 'string' && XLSX.utils.decode_range(fullRef).e.r >= MAX_SHEET_ROWS) {
      return failed({
        file: fileName,
        reason: `the worksheet has too many rows (at most ${MAX_SHEET_ROWS})`,
      });
    }
    return parsed(out);
  } catch (error) {
    return failed({ file: fileName, reason: `not a readable spreadsheet (${messageOf(error)})` });
  }
}

/** Only the first worksheet, as rows of arrays (text cells, null where blank). */
export function readFirstSheet(bytes: Uint8Array, fileName: string): ParseResult<unknown[][]> {
  const rows = readFirstSheetRows(bytes, fileName);
  return rows.ok ? parsed(rows.value.map((row) => row.cells)) : rows;
}

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
