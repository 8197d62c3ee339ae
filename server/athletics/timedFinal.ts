import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { parseRaceTime } from '../../shared/athletics/raceTime.ts';
import { normalizeResultCode } from '../../shared/athletics/resultCode.ts';
import { compareResultRows } from '../../shared/athletics/resultOrder.ts';

/** A finisher's time in seconds, or null for a row without one (DNS, DNF, DQ, blank). */
function finishTime(row: AthleteRow): number | null {
  if (normalizeResultCode(row.rank) || normalizeResultCode(row.performance)) return null;
  return parseRaceTime(row.performance);
}

/**
 * A timed final's overall result: every section's finishers ranked by time (at the precision
 * the timing system wrote, so 10.231 beats 10.234 though both show 10.24), equal times sharing
 * a place and the next place skipped (2, 2, 4); then those without a time, by their codes.
 * Each row names the section it ran in.
 */
export function timedFinalRanking(
  sections: { heat: number; rows: readonly AthleteRow[] }[],
): AthleteRow[] {
  const rows = sections.flatMap(({ heat, rows }) => rows.map((row) => ({ ...row, heat })));
  const timed = rows
    .flatMap((row) => {
      const time = finishTime(row);
      return time === null ? [] : [{ row, time }];
    })
    .sort((a, b) => a.time - b.time || a.row.heat - b.row.heat);
  const ranked = timed.map(({ row, time }, index) => {
    const first = timed.findIndex((entry) => entry.time === time);
    return { ...row, rank: String((first === -1 ? index : first) + 1) };
  });
  const untimed = rows
    .filter((row) => finishTime(row) === null)
    .map((row) => ({
      ...row,
      rank: normalizeResultCode(row.rank) ?? normalizeResultCode(row.performance),
    }))
    .sort(compareResultRows);
  return [...ranked, ...untimed];
}
