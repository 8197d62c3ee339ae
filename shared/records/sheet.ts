/**
 * A records list as a spreadsheet holds it (the console's template, manualRecords.xlsx, or a
 * club's own sheet): one record per row under a header row naming its columns. Read in the
 * admin's browser, and sent as PUT /api/admin/competitions/{uic}/records takes it; the server
 * checks every record again.
 */

type Column = 'type' | 'eventName' | 'gender' | 'mark' | 'holder' | 'date' | 'clubWide';

const SYNONYMS: Record<Column, readonly string[]> = {
  type: ['type', 'record', 'recordtype', 'code', 'list'],
  eventName: ['event', 'eventname', 'discipline'],
  gender: ['gender', 'sex'],
  mark: ['mark', 'result', 'performance', 'time', 'distance', 'height'],
  holder: ['holder', 'recordholder', 'athlete', 'name', 'setby'],
  date: ['date', 'year', 'when', 'set'],
  clubWide: ['clubwide', 'club', 'scope', 'allcompetitions'],
};

const normalize = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A cell as text: numbers as written, anything else empty. */
const text = (cell: unknown): string =>
  typeof cell === 'string' ? cell : typeof cell === 'number' ? String(cell) : '';

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'club', 'clubwide', 'all']);

export interface SheetRecord {
  type: string;
  eventName: string;
  gender: string;
  mark: string;
  holder: string;
  date: string | null;
  clubWide: boolean;
}

export type SheetRecords = { ok: true; records: SheetRecord[] } | { ok: false; reason: string };

/** The records of a sheet's rows (cells as text); rows with no mark and no event are skipped. */
export function recordsFromSheet(rows: readonly (readonly unknown[])[]): SheetRecords {
  const headerAt = rows.slice(0, 20).findIndex((row) => {
    const named = new Set(row.map((cell) => normalize(text(cell))));
    return SYNONYMS.mark.some((s) => named.has(s)) && SYNONYMS.eventName.some((s) => named.has(s));
  });
  if (headerAt < 0) {
    return {
      ok: false,
      reason: 'No header row: the sheet needs the columns type, event, gender and mark.',
    };
  }
  const columns: Partial<Record<Column, number>> = {};
  rows[headerAt]!.forEach((cell, at) => {
    const name = normalize(text(cell));
    const column = (Object.keys(SYNONYMS) as Column[]).find((key) => SYNONYMS[key].includes(name));
    if (column && columns[column] === undefined) columns[column] = at;
  });
  const cell = (row: readonly unknown[], column: Column) => {
    const at = columns[column];
    return at === undefined ? '' : text(row[at]).trim();
  };
  const records = rows.slice(headerAt + 1).flatMap((row) => {
    if (cell(row, 'mark') === '' && cell(row, 'eventName') === '') return [];
    return [
      {
        type: cell(row, 'type') || 'MR',
        eventName: cell(row, 'eventName'),
        gender: cell(row, 'gender'),
        mark: cell(row, 'mark'),
        holder: cell(row, 'holder'),
        date: cell(row, 'date') || null,
        clubWide: YES.has(normalize(cell(row, 'clubWide'))),
      },
    ];
  });
  return { ok: true, records };
}
