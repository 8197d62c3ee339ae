import { bestMark } from '../../../../shared/athletics/fieldMark.ts';
import { formatCentimetres, readHeight } from '../../../../shared/athletics/field/marks.ts';
import { formatWind, parseWind } from '../../../../shared/athletics/wind.ts';
import type { AthleteRow } from '../../../../shared/schemas/athlete.ts';
import { numberOf, recordAt, textOf, Unreadable, type Json } from './fields.ts';
import type { JsonPath } from './json.ts';
import { trialCode } from '../../../../shared/athletics/fieldMark.ts';

/**
 * A field unit's trials as Rith keeps them on a row, in the spellings the FieldLynx reader
 * and the field card use. Horizontal: one cell per round, a mark as written, a foul X, a
 * pass '-', a retirement r. Vertical: the unit's bar heights ascending ("1.20") and one cell
 * per height, the tries there in upper case ("O", "XO", "XXX", "-").
 */
export type Series = Pick<AthleteRow, 'attempts' | 'attemptWinds' | 'heights' | 'best'> & {
  /** The wind of the best mark (horizontal jumps). */
  bestWind: string | null;
};

function horizontalCell(result: string): string {
  return trialCode(result) ?? (result.toUpperCase() === 'R' ? 'r' : result);
}

interface Trial {
  bib: string;
  result: string;
  path: JsonPath;
  trial: Json;
}

function trialsOf(unitPath: JsonPath, list: unknown[]): Trial[] {
  const trials: Trial[] = [];
  list.forEach((value, index) => {
    const path = [...unitPath, 'trials', index];
    const trial = recordAt(value, path);
    const bib = textOf(trial, 'bib', path);
    const result = textOf(trial, 'result', path);
    if (bib === null) throw new Unreadable(path, 'bib is missing');
    if (result !== null) trials.push({ bib, result, path, trial });
  });
  return trials;
}

function horizontalSeries(trials: Trial[], keepWind: boolean): Map<string, Series> {
  const byBib = new Map<string, { cells: Map<number, string>; winds: Map<number, string> }>();
  let rounds = 0;
  let anyWind = false;
  for (const { bib, result, path, trial } of trials) {
    const round = numberOf(trial, 'round', path);
    if (round === null || !Number.isInteger(round) || round < 1) {
      throw new Unreadable(path, 'round is not a positive whole number');
    }
    rounds = Math.max(rounds, round);
    const athlete = byBib.get(bib) ?? { cells: new Map(), winds: new Map() };
    byBib.set(bib, athlete);
    athlete.cells.set(round, horizontalCell(result));
    const wind = keepWind ? formatWind(textOf(trial, 'wind', path)) : '';
    if (wind !== '') {
      athlete.winds.set(round, wind);
      anyWind = true;
    }
  }
  const series = new Map<string, Series>();
  for (const [bib, { cells, winds }] of byBib) {
    const numbers = Array.from({ length: rounds }, (_, index) => index + 1);
    const attempts = numbers.map((round) => cells.get(round) ?? null);
    const attemptWinds = numbers.map((round) => winds.get(round) ?? null);
    const best = bestMark(attempts);
    series.set(bib, {
      attempts,
      ...(anyWind ? { attemptWinds } : {}),
      best,
      bestWind: best === null ? null : (attemptWinds[attempts.indexOf(best)] ?? null),
    });
  }
  return series;
}

function verticalSeries(trials: Trial[]): Map<string, Series> {
  const byBib = new Map<string, Map<number, string>>();
  const heights = new Set<number>();
  for (const { bib, result, path, trial } of trials) {
    const written = textOf(trial, 'height', path);
    const height = written === null ? null : readHeight(written);
    if (height === null) throw new Unreadable(path, 'height is not a bar height');
    heights.add(height);
    const cells = byBib.get(bib) ?? new Map<number, string>();
    byBib.set(bib, cells);
    cells.set(height, (cells.get(height) ?? '') + result.toUpperCase());
  }
  const bars = [...heights].sort((a, b) => a - b);
  const shown = bars.map(formatCentimetres);
  const series = new Map<string, Series>();
  for (const [bib, cells] of byBib) {
    const attempts = bars.map((bar) => cells.get(bar) ?? null);
    const cleared = bars.filter((bar) => cells.get(bar)?.includes('O'));
    const highest = cleared.at(-1);
    series.set(bib, {
      heights: shown,
      attempts,
      best: highest === undefined ? null : formatCentimetres(highest),
      bestWind: null,
    });
  }
  return series;
}

/** Each athlete's series in a field unit, by bib; throws drop the wind, as FieldLynx's are filler. */
export function readTrials(
  unitPath: JsonPath,
  list: unknown[],
  options: { vertical: boolean; throwing: boolean },
): Map<string, Series> {
  const trials = trialsOf(unitPath, list);
  const vertical = options.vertical || trials.some(({ trial }) => trial.height !== undefined);
  return vertical ? verticalSeries(trials) : horizontalSeries(trials, !options.throwing);
}

/** A unit's trials from its rows: horizontal round by round, vertical height by height. */
export function writeTrials(athletes: { bib: string; row: AthleteRow }[]): Json[] {
  const trials: Json[] = [];
  const longest = Math.max(0, ...athletes.map(({ row }) => row.attempts?.length ?? 0));
  const vertical = athletes.some(({ row }) => (row.heights?.length ?? 0) > 0);
  if (vertical) {
    const bars = new Map<number, string>();
    for (const { row } of athletes) {
      for (const height of row.heights ?? []) bars.set(readHeight(height) ?? 0, height);
    }
    for (const [bar, height] of [...bars].sort(([a], [b]) => a - b)) {
      for (const { bib, row } of athletes) {
        const index = (row.heights ?? []).findIndex((h) => (readHeight(h) ?? 0) === bar);
        const cell = index === -1 ? null : row.attempts?.[index];
        if (cell) trials.push({ bib, height, result: cell.toLowerCase() });
      }
    }
    return trials;
  }
  for (let index = 0; index < longest; index += 1) {
    for (const { bib, row } of athletes) {
      const cell = row.attempts?.[index];
      if (!cell) continue;
      const wind = parseWind(row.attemptWinds?.[index] ?? null);
      trials.push({
        bib,
        round: index + 1,
        result: cell === 'X' ? 'x' : cell,
        ...(wind === null ? {} : { wind }),
      });
    }
  }
  return trials;
}
