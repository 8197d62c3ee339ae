import { columnSynonyms, normalizeHeader } from './columns.ts';
import type { ColumnKey } from './columns.ts';
import type { SheetRow } from './readSheet.ts';

/** Title rows (meet name, date, "Start List") may sit above the header; look this far down. */
const HEADER_SEARCH_ROWS = 50;

export interface Header<K extends ColumnKey> {
  /** Index into the row list of the header row. */
  index: number;
  sheetRow: number;
  columns: Partial<Record<K, number>>;
}

/** Which of `keys` each cell of a row names; the leftmost cell wins when two name one key. */
function columnsOf<K extends ColumnKey>(
  cells: readonly (string | null)[],
  keys: readonly K[],
): Partial<Record<K, number>> {
  const columns: Partial<Record<K, number>> = {};
  cells.forEach((cell, column) => {
    if (cell === null) return;
    const header = normalizeHeader(cell);
    const key = keys.find((candidate) =>
      columnSynonyms[candidate].some((synonym) => normalizeHeader(synonym) === header),
    );
    if (key !== undefined && columns[key] === undefined) columns[key] = column;
  });
  return columns;
}

/**
 * The header row: among the first rows, the one naming the most known columns (the
 * earliest on a tie), provided it names at least two and one of `required`.
 */
export function findHeader<K extends ColumnKey>(
  rows: readonly SheetRow[],
  keys: readonly K[],
  required: readonly K[],
): Header<K> | null {
  let best: Header<K> | null = null;
  let bestCount = 1;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, index) => {
    const columns = columnsOf(row.cells, keys);
    const count = Object.keys(columns).length;
    if (count > bestCount && required.some((key) => columns[key] !== undefined)) {
      best = { index, sheetRow: row.sheetRow, columns };
      bestCount = count;
    }
  });
  return best;
}

/** The cell of a column in a row, or null when the sheet has no such column. */
export function cell<K extends ColumnKey>(row: SheetRow, header: Header<K>, key: K): string | null {
  const column = header.columns[key];
  return column === undefined ? null : (row.cells[column] ?? null);
}
