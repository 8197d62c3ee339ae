import type { AthleteRow } from '../../schemas/athlete.ts';
import { placeOf } from '../../resultColumns.ts';
import { normalizeResultCode } from '../resultCode.ts';
import { parseRaceTime } from '../raceTime.ts';

/**
 * Who goes through from a round (TR 20, 21): "the first P of each heat by place (Q), then the
 * next T fastest (q)". Pure: the server works it out once per change and every screen shows
 * what it says.
 *
 * * A heat's Q is certain once its results are in; q is provisional until every heat of the
 *   round has results (`final`).
 * * Times are compared at the precision the file gives: 10.231 beats 10.234 although both
 *   show as 10.24.
 * * A true tie for the last place (by place in a heat, or by time for the last q) is not
 *   decided here: every tied athlete is marked, as the rules send them all through where a
 *   lane is free, and the tie is listed for the referee, who draws lots when none is.
 */

export interface ProgressionRule {
  byPlace: number;
  byTime: number;
}

export type Qualified = 'Q' | 'q';

/** One heat of the round as it stands: complete means its results are in. */
export interface RoundHeat {
  eventId: string;
  heat: number | null;
  complete: boolean;
  rows: readonly AthleteRow[];
}

export interface Qualifier {
  eventId: string;
  rowId: string;
  heat: number | null;
  bib: string | null;
  name: string;
  club: string | null;
  performance: string | null;
  place: number;
  /** Thousandths of a second, whole (what ties compare); null without a readable time. */
  seconds: number | null;
  qualified: Qualified;
}

export interface ProgressionTie {
  /** By place in one heat (the last Q), or by time over the round (the last q). */
  kind: 'place' | 'time';
  heat: number | null;
  /** How many places the tied athletes contest. */
  places: number;
  athletes: {
    eventId: string;
    rowId: string;
    bib: string | null;
    name: string;
    performance: string | null;
  }[];
}

export interface RoundProgression {
  /** Every heat of the round has its results: the q are no longer provisional. */
  final: boolean;
  /** Every athlete through, ranked as the next round is seeded (seedingOrder). */
  qualifiers: Qualifier[];
  ties: ProgressionTie[];
}

/** A finisher: a place, no DNS/DNF/DQ. */
function finisher(row: AthleteRow): number | null {
  if (normalizeResultCode(row.rank) !== null || normalizeResultCode(row.performance) !== null) {
    return null;
  }
  return placeOf(row.rank);
}

function qualifierOf(
  heat: RoundHeat,
  row: AthleteRow,
  place: number,
  qualified: Qualified,
): Qualifier {
  return {
    eventId: heat.eventId,
    rowId: row.id,
    heat: heat.heat,
    bib: row.bib,
    name: row.name,
    club: row.club,
    performance: row.performance,
    place,
    seconds: thousandths(row.performance),
    qualified,
  };
}

/** Whole thousandths: 63.231 and 60 + 3.231 are one time, as floats they may not be. */
function thousandths(text: string | null): number | null {
  const seconds = parseRaceTime(text);
  return seconds === null ? null : Math.round(seconds * 1000);
}

const tied = (q: Qualifier) => ({
  eventId: q.eventId,
  rowId: q.rowId,
  bib: q.bib,
  name: q.name,
  performance: q.performance,
});

/** Faster first; no readable time last. */
const byTime = (a: Qualifier, b: Qualifier) => (a.seconds ?? Infinity) - (b.seconds ?? Infinity);

/**
 * Ranks the qualifiers as the next round is seeded: heat winners by time, then the second
 * places by time, and so on, then the q by time.
 */
export function seedingOrder(qualifiers: readonly Qualifier[]): Qualifier[] {
  const big = qualifiers.filter((q) => q.qualified === 'Q');
  const small = qualifiers.filter((q) => q.qualified === 'q');
  return [...big.sort((a, b) => a.place - b.place || byTime(a, b)), ...small.sort(byTime)];
}

export function roundProgression(
  rule: ProgressionRule,
  heats: readonly RoundHeat[],
): RoundProgression {
  const qualifiers: Qualifier[] = [];
  const ties: ProgressionTie[] = [];
  const pool: Qualifier[] = [];
  for (const heat of heats) {
    if (!heat.complete) continue;
    const placed = heat.rows.flatMap((row) => {
      const place = finisher(row);
      return place === null ? [] : [{ row, place }];
    });
    placed.sort((a, b) => a.place - b.place);
    const through = placed.filter(({ place }) => place <= rule.byPlace);
    for (const { row, place } of through) qualifiers.push(qualifierOf(heat, row, place, 'Q'));
    const last = through.at(-1)?.place;
    if (through.length > rule.byPlace && last !== undefined) {
      const atLast = qualifiers.filter((q) => q.eventId === heat.eventId && q.place === last);
      ties.push({
        kind: 'place',
        heat: heat.heat,
        places: rule.byPlace - (through.length - atLast.length),
        athletes: atLast.map(tied),
      });
    }
    for (const { row, place } of placed) {
      if (place > rule.byPlace) pool.push(qualifierOf(heat, row, place, 'q'));
    }
  }
  const timed = pool.filter((q) => q.seconds !== null).sort(byTime);
  const cutoff = rule.byTime > 0 ? (timed[rule.byTime - 1]?.seconds ?? undefined) : undefined;
  if (cutoff !== undefined) {
    const fast = timed.filter((q) => (q.seconds ?? Infinity) <= cutoff);
    qualifiers.push(...fast);
    if (fast.length > rule.byTime) {
      const atCutoff = fast.filter((q) => q.seconds === cutoff);
      ties.push({
        kind: 'time',
        heat: null,
        places: rule.byTime - (fast.length - atCutoff.length),
        athletes: atCutoff.map(tied),
      });
    }
  } else if (rule.byTime > 0) {
    qualifiers.push(...timed);
  }
  return {
    final: heats.length > 0 && heats.every((heat) => heat.complete),
    qualifiers: seedingOrder(qualifiers),
    ties,
  };
}
