import type { AthleteRow } from '../schemas/athlete.ts';
import { normalizeResultCode } from './resultCode.ts';
import type { ResultCode } from './resultCode.ts';

/** Where unplaced rows go, after every placed one. */
const unplacedCodeOrder: readonly ResultCode[] = ['DNF', 'DQ', 'NM', 'r', 'DNS'];
const PLACED = 0;
const UNPLACED_WITH_PERFORMANCE = 1;
const CODE_GROUPS_START = 2;
const NOTHING_TO_SHOW = CODE_GROUPS_START + unplacedCodeOrder.length;

/** A place is a positive whole number; 0 is what timing systems write for "none". */
function place(rank: string | null): number | null {
  const trimmed = (rank ?? '').trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}

function group(row: AthleteRow): number {
  if (place(row.rank) !== null) return PLACED;
  // FinishLynx puts the code in the place column, spreadsheets in the result column.
  const code = normalizeResultCode(row.rank) ?? normalizeResultCode(row.performance);
  if (code) return CODE_GROUPS_START + unplacedCodeOrder.indexOf(code);
  return (row.performance ?? '').trim() === '' ? NOTHING_TO_SHOW : UNPLACED_WITH_PERFORMANCE;
}

/**
 * Places ascending (tied places compare equal), then unplaced rows: those with a
 * performance, DNF, DQ, NM, r, DNS (NT included), and last rows with nothing at all.
 */
export function compareResultRows(a: AthleteRow, b: AthleteRow): number {
  const byGroup = group(a) - group(b);
  if (byGroup !== 0) return byGroup;
  return (place(a.rank) ?? 0) - (place(b.rank) ?? 0);
}

/** A sorted copy; Array.prototype.sort is stable, so equal rows keep the source's order. */
export function sortResultRows(rows: readonly AthleteRow[]): AthleteRow[] {
  return [...rows].sort(compareResultRows);
}
