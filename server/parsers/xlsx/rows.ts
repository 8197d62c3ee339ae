import { normalizeResultCode } from '../../../shared/athletics/resultCode.ts';
import { formatWind } from '../../../shared/athletics/wind.ts';
import { AthleteRows } from '../../../shared/schemas/athlete.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { failed, parsed } from '../types.ts';
import type { ParseResult } from '../types.ts';
import { athleteRow } from '../athleteRow.ts';

/**
 * Row building shared by the spreadsheet and XML parsers: names, result codes, the event's
 * wind and the final schema check.
 */

/** Deterministic, so parsing the same file twice gives the same rows (and the same ids). */
export const rowId = (fileName: string, position: number | string) => `${fileName}:${position}`;

/**
 * "First Last" from separate cells; a single name cell as written, except "Last, First",
 * which is turned around so every source spells names the same way.
 */
export function fullName(
  first: string | null,
  last: string | null,
  whole: string | null = null,
): string {
  if (first !== null || last !== null) return [first, last].filter(Boolean).join(' ');
  if (whole === null) return '';
  const comma = /^([^,]+),\s*([^,]+)$/.exec(whole);
  return comma?.[1] && comma[2] ? `${comma[2].trim()} ${comma[1].trim()}` : whole;
}

/**
 * Timing systems may write DNS/DNF/DQ in the place column with nothing in the result; the
 * product keeps spreadsheet codes in the result column, so such a code moves there.
 */
export function placeAndPerformance(
  rank: string | null,
  performance: string | null,
): { rank: string | null; performance: string | null } {
  if (performance === null && normalizeResultCode(rank) !== null) {
    return { rank: null, performance: rank };
  }
  return { rank, performance };
}

/**
 * The race wind when the rows agree on one ("+1.3"); null when none was given or the rows
 * disagree (then each row keeps its own).
 */
export function commonWind(values: readonly (string | null | undefined)[]): string | null {
  const winds = new Set(values.map((value) => formatWind(value)).filter((wind) => wind !== ''));
  return winds.size === 1 ? ([...winds][0] ?? null) : null;
}

/** Every row through the schema; a bad one fails the file with its row number. */
export function checkedRows(
  rows: AthleteRow[],
  fileName: string,
  rowNumbers: readonly number[] = [],
): ParseResult<AthleteRow[]> {
  const result = AthleteRows.safeParse(rows);
  if (result.success) return parsed(result.data);
  const issue = result.error.issues[0];
  const index = typeof issue?.path[0] === 'number' ? issue.path[0] : undefined;
  const column = issue?.path[1];
  return failed({
    file: fileName,
    ...(index !== undefined && rowNumbers[index] !== undefined ? { row: rowNumbers[index] } : {}),
    ...(typeof column === 'string' ? { column } : {}),
    reason: issue?.message ?? 'invalid row',
  });
}

/** Every required field present and empty, under the id the row's place in the file gives. */
export function blankRow(id: string, name: string): AthleteRow {
  return athleteRow({ id, name });
}

/**
 * What a sheet says of who the athlete is and how good (issue 31): a licence number joins
 * them up across competitions, PB and SB columns seed the bests a first meet on Rith flags
 * against. Only the columns the sheet has: a row without them stays as it was.
 */
export function seedFacts(
  at: (key: 'licence' | 'pb' | 'sb') => string | null,
): Pick<AthleteRow, 'licence' | 'pb' | 'sb'> {
  const facts: Pick<AthleteRow, 'licence' | 'pb' | 'sb'> = {};
  for (const key of ['licence', 'pb', 'sb'] as const) {
    const value = at(key);
    if (value !== null) facts[key] = value;
  }
  return facts;
}
