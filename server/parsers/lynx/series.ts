import { bestMark } from '../../../shared/athletics/fieldMark.ts';
import { normalizeResultCode } from '../../../shared/athletics/resultCode.ts';
import { throwingDisciplines, type FieldDiscipline } from '../../../shared/domain.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { reject } from './failure.ts';
import { normalizeWind } from './wind.ts';
import { trialCode } from '../../../shared/athletics/fieldMark.ts';

/** What a flight's row says beyond the athlete: attempts, best and performance. */
export type Series = Pick<
  AthleteRow,
  'attempts' | 'attemptWinds' | 'best' | 'performance' | 'windspeed'
>;

const MARK = /^\d+(\.\d+)?$/;
/**
 * Up to three tries at a height: failures (X) ending in a clearance (O), a pass (P, PPP for
 * the rest of the height, or -) or a retirement (r), or three failures; one or two failures
 * alone where the athlete retired ("shorter strings", formats README).
 */
const HEIGHT_CELL = /^(X{0,2}(O|P{1,3}|-|R)?|XXX)$/;

/** The attempt cells as written, without the blanks FieldLynx leaves after the last one. */
export function writtenCells(cells: readonly string[]): string[] {
  const last = cells.findLastIndex((cell) => cell !== '');
  return cells.slice(0, last + 1);
}

/** NM when the athlete jumped or threw without a valid mark; nothing yet when they did not. */
const performanceOf = (best: string | null, attempts: readonly (string | null)[]) =>
  best ?? (attempts.some((cell) => cell !== null) ? 'NM' : null);

/**
 * Long and triple jump, throws: mark and wind pairs. A foul is stored as the product's X and
 * a pass as '-'; marks stay as written. Throws' winds are FieldLynx's -0.0 filler and are
 * dropped (null); a jump's row wind is the wind of its best mark.
 */
export function readHorizontalSeries(
  cells: readonly string[],
  discipline: FieldDiscipline,
  line: number,
): Series {
  const attempts: (string | null)[] = [];
  const attemptWinds: (string | null)[] = [];
  for (let index = 0; index < cells.length; index += 2) {
    const column = `attempt ${index / 2 + 1}`;
    const mark = cells[index] ?? '';
    const code = trialCode(mark);
    if (mark !== '' && !MARK.test(mark) && code === null) {
      reject(`expected a mark, F or P in column ${column}, got '${mark}'`, line, column);
    }
    attempts.push(mark === '' ? null : (code ?? mark));
    const windCell = cells[index + 1] ?? '';
    const wind = normalizeWind(windCell);
    if (wind === undefined) {
      reject(`expected a wind in column ${column} wind, got '${windCell}'`, line, `${column} wind`);
    }
    attemptWinds.push(throwingDisciplines.includes(discipline) ? null : wind);
  }
  const best = bestMark(attempts);
  const bestWind = best === null ? null : (attemptWinds[attempts.indexOf(best)] ?? null);
  return {
    attempts,
    attemptWinds,
    best,
    performance: performanceOf(best, attempts),
    windspeed: bestWind,
  };
}

/**
 * High jump and pole vault: one cell per bar height, as written, aligned with the heights
 * (null where the athlete had gone out). The best is the highest height cleared.
 */
export function readVerticalSeries(
  cells: readonly string[],
  heights: readonly string[],
  line: number,
): Series {
  if (cells.length > heights.length) {
    reject(`${cells.length} attempt cells for ${heights.length} bar heights`, line);
  }
  cells.forEach((cell, index) => {
    if (cell !== '' && !HEIGHT_CELL.test(cell.toUpperCase())) {
      const column = `height ${heights[index]}`;
      reject(`expected O, X or P attempts in column ${column}, got '${cell}'`, line, column);
    }
  });
  const attempts = heights.map((_, index) => cells[index] || null);
  const cleared = heights.filter((_, index) => attempts[index]?.toUpperCase().includes('O'));
  const best = cleared.reduce<string | null>(
    (highest, height) => (highest === null || Number(height) > Number(highest) ? height : highest),
    null,
  );
  return {
    attempts,
    best,
    performance: performanceOf(best, attempts),
  };
}

/** A result code (DNS) in the first attempt cell stands for the whole series. */
export function seriesCode(cells: readonly string[]): string | null {
  return cells.length > 0 ? normalizeResultCode(cells[0]) : null;
}
