import type { SheetRow } from './readSheet.ts';
import type { Header } from './header.ts';
import type { ColumnKey } from './columns.ts';

/** "results.xlsx" -> "results": the last resort for an event's name. */
export const fileStem = (fileName: string) =>
  fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || fileName;

/**
 * A sheet's own name for its event when no event column says: the first title cell above the
 * header ("Women 100m Final"), else the file's name.
 */
export function titleAbove<K extends ColumnKey>(
  rows: readonly SheetRow[],
  header: Header<K>,
  fileName: string,
): string {
  for (const row of rows.slice(0, header.index)) {
    const title = row.cells.find((cell) => cell !== null);
    if (title) return title;
  }
  return fileStem(fileName);
}
