/** Spreadsheet (.xlsx) parsers: pure, never throwing; each reads only the first worksheet. */
export { readFirstSheet, readFirstSheetRows, MAX_SHEET_ROWS } from './readSheet.ts';
export type { SheetRow } from './readSheet.ts';
export { parseStartListXlsx } from './startList.ts';
export { parseTrackResultsXlsx, parseFieldResultsXlsx } from './results.ts';
export { parseTimetableXlsx } from './timetable.ts';
export { columnSynonyms, normalizeHeader } from './columns.ts';
export {
  roundFromText,
  roundFromName,
  roundOf,
  eventTypeFromText,
  disciplineFromText,
} from './eventInfo.ts';
export { checkZip, defaultZipLimits } from '../zip.ts';
export type { ZipLimits } from '../zip.ts';
