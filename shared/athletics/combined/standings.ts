import { athleteMatches, foldBib } from '../../athletes/identity.ts';
import type { AthleteRow } from '../../schemas/athlete.ts';
import { normalizeResultCode } from '../resultCode.ts';
import { partPoints, partsOf } from './points.ts';
import type { CombinedKind, CombinedPart, CombinedSex } from './points.ts';

export interface CombinedPartResults {
  eventId: string;
  part: CombinedPart;
  /** The event's results are in: an athlete with no result in it did not start it. */
  complete: boolean;
  rows: AthleteRow[];
}

export interface CombinedEventScore {
  eventId: string;
  /** The mark as the source wrote it, or a result code (NM for a series of fouls). */
  performance: string | null;
  /** null while the athlete has no result in the event, and for a DNS. */
  points: number | null;
}

export interface CombinedStanding {
  bib: string | null;
  name: string;
  club: string | null;
  /** The running total over the events with results so far. */
  total: number;
  /** null for an athlete who did not start an event: they are left out of the classification. */
  place: number | null;
  /** Every part given, in the kind's order. */
  events: CombinedEventScore[];
}

interface Score extends CombinedEventScore {
  started: boolean;
}

interface Entrant {
  bib: string | null;
  name: string;
  club: string | null;
  /** Per part (in the sorted order), the rows naming this athlete. */
  rows: AthleteRow[][];
}

interface Scored {
  entrant: Entrant;
  scores: Score[];
  total: number;
  started: boolean;
}

const FIELD: ReadonlySet<CombinedPart> = new Set(['HJ', 'PV', 'LJ', 'SP', 'DT', 'JT']);

/** A foul, a clearance or a mark: the athlete tried (passes and retirements are no trials). */
const isTrial = (cell: string | null) => /[fox\d]/i.test(cell ?? '');

type Outcome = Omit<Score, 'eventId'>;

/** What one row says of the athlete's event; null when it holds no result yet. */
function rowOutcome(part: CombinedPart, sex: CombinedSex, row: AthleteRow): Outcome | null {
  const field = FIELD.has(part);
  const mark = field ? (row.best ?? row.performance) : row.performance;
  // FinishLynx puts a code in the place column, spreadsheets in the result column.
  const code = normalizeResultCode(row.rank) ?? normalizeResultCode(mark);
  if (code === 'DNS') return { performance: code, points: null, started: false };
  // A field athlete who retires keeps the best mark made before; a runner's race is over.
  if (code !== null && (code !== 'r' || !field)) {
    return { performance: code, points: 0, started: true };
  }
  const points = partPoints(part, sex, mark);
  if (points !== null) return { performance: (mark ?? '').trim(), points, started: true };
  // Retired without a mark, or fouls only: the athlete started, and scores nothing.
  if (code === 'r' || row.attempts?.some(isTrial)) {
    return { performance: code ?? 'NM', points: 0, started: true };
  }
  return null;
}

function scoreOf(part: CombinedPartResults, sex: CombinedSex, rows: AthleteRow[]): Score {
  for (const row of rows) {
    const outcome = rowOutcome(part.part, sex, row);
    if (outcome) return { eventId: part.eventId, ...outcome };
  }
  // No result: not started once the results are in, still to come before.
  return { eventId: part.eventId, performance: null, points: null, started: !part.complete };
}

/** Athletes in the order first met, each with their rows per part. */
function entrantsOf(parts: readonly CombinedPartResults[]): Entrant[] {
  const entrants: Entrant[] = [];
  parts.forEach((part, index) => {
    for (const row of part.rows) {
      let entrant = entrants.find((candidate) => athleteMatches(candidate, row));
      if (!entrant) {
        entrant = { bib: row.bib, name: row.name, club: row.club, rows: parts.map(() => []) };
        entrants.push(entrant);
      }
      // A bib or club one list left out and another gives matches the next lists' rows.
      if (foldBib(entrant.bib) === '') entrant.bib = row.bib;
      entrant.club ??= row.club;
      entrant.rows[index]?.push(row);
    }
  });
  return entrants;
}

/** Groups of equal key, highest key first; each group keeps the order it had. */
function splitBy(group: readonly Scored[], key: (athlete: Scored) => number): Scored[][] {
  const keyed = group.map((athlete) => ({ athlete, key: key(athlete) }));
  keyed.sort((a, b) => b.key - a.key);
  const split: Scored[][] = [];
  keyed.forEach((item, index) => {
    if (index > 0 && keyed[index - 1]?.key === item.key) split.at(-1)?.push(item.athlete);
    else split.push([item.athlete]);
  });
  return split;
}

const pointsIn = (athlete: Scored, index: number) => athlete.scores[index]?.points ?? 0;

/**
 * How a tie on the total is broken (Technical Rule 39): first the athlete who scored more than
 * the others of the tie in more events, then the one with the most points in any one event.
 */
const tieBreaks: readonly ((athlete: Scored, tie: readonly Scored[]) => number)[] = [
  (athlete, tie) =>
    athlete.scores.filter((_, index) =>
      tie.every((other) => other === athlete || pointsIn(athlete, index) > pointsIn(other, index)),
    ).length,
  (athlete) => Math.max(0, ...athlete.scores.map((score) => score.points ?? 0)),
];

/**
 * A tie as groups sharing a place, best first. A group a rule split off is ranked again from
 * the first rule, among its own members only; what no rule splits shares the place.
 */
function breakTie(tie: Scored[]): Scored[][] {
  if (tie.length < 2) return [tie];
  for (const rule of tieBreaks) {
    const split = splitBy(tie, (athlete) => rule(athlete, tie));
    if (split.length > 1) return split.flatMap(breakTie);
  }
  return [tie];
}

const standing = ({ entrant, scores, total }: Scored, place: number | null): CombinedStanding => ({
  bib: entrant.bib,
  name: entrant.name,
  club: entrant.club,
  total,
  place,
  events: scores.map(({ eventId, performance, points }) => ({ eventId, performance, points })),
});

/**
 * The live classification of one combined event: each athlete's running total and place over
 * the events with results so far. Athletes are one across the parts' lists by bib when both
 * rows have one, else by name and club. Placed athletes come first, by place; those who did not
 * start an event follow, by total.
 */
export function combinedStandings(input: {
  kind: CombinedKind;
  sex: CombinedSex;
  parts: CombinedPartResults[];
}): CombinedStanding[] {
  const programme = partsOf(input.kind, input.sex);
  const position = (part: CombinedPart) => {
    const index = programme.indexOf(part);
    return index === -1 ? programme.length : index;
  };
  const parts = [...input.parts].sort((a, b) => position(a.part) - position(b.part));
  const scored = entrantsOf(parts).map((entrant): Scored => {
    const scores = parts.map((part, index) => scoreOf(part, input.sex, entrant.rows[index] ?? []));
    return {
      entrant,
      scores,
      total: scores.reduce((sum, score) => sum + (score.points ?? 0), 0),
      started: scores.every((score) => score.started),
    };
  });

  const standings: CombinedStanding[] = [];
  const placed = scored.filter((athlete) => athlete.started);
  for (const tie of splitBy(placed, (athlete) => athlete.total)) {
    for (const group of breakTie(tie)) {
      const place = standings.length + 1;
      standings.push(...group.map((athlete) => standing(athlete, place)));
    }
  }
  const unplaced = scored.filter((athlete) => !athlete.started);
  unplaced.sort((a, b) => b.total - a.total);
  standings.push(...unplaced.map((athlete) => standing(athlete, null)));
  return standings;
}
