import { inCompetitionOrder, sharedPlaces, type CardAthlete, type VerticalTrial } from './card.ts';
import { formatCentimetres, readHeight } from './marks.ts';

/** Three consecutive failures end an athlete's competition, whatever the heights (TR 26.5). */
const FAILURES_OUT = 3;
const TRIALS_PER_HEIGHT = 3;

/** An athlete's line in a high jump or pole vault. */
export interface VerticalLine {
  athlete: CardAthlete;
  /** One cell per bar height of the competition, in order: "xxo", "-", "" where none. */
  cells: string[];
  /** The highest height cleared in centimetres; null with none. */
  best: number | null;
  /** Trials at the best height, and failures up to and including it: the count-back. */
  trialsAtBest: number;
  failuresToBest: number;
  /** Null without a height cleared. */
  place: number | null;
  /** Three consecutive failures: no more trials. */
  out: boolean;
}

export interface VerticalStandings {
  /** The bar heights used so far, lowest first, in centimetres. */
  heights: number[];
  /** Best first; athletes without a clearance after, in competition order. */
  lines: VerticalLine[];
  /** The bar now: the highest height any trial was at; null before the first. */
  bar: number | null;
  /**
   * More than one athlete shares first and none of them can jump again: the rules call a
   * jump-off (unless the meet or the athletes agree to share).
   */
  jumpOff: boolean;
}

/** Count-back (TR 26.8): highest cleared, then fewest trials at it, then fewest failures. */
function compareLines(a: VerticalLine, b: VerticalLine): number {
  return (
    (b.best ?? -1) - (a.best ?? -1) ||
    a.trialsAtBest - b.trialsAtBest ||
    a.failuresToBest - b.failuresToBest
  );
}

function lineOf(athlete: CardAthlete, trials: readonly VerticalTrial[], heights: number[]) {
  const cells = heights.map(() => '');
  let best: number | null = null;
  let trialsAtBest = 0;
  let failuresToBest = 0;
  let failures = 0;
  let streak = 0;
  for (const trial of trials) {
    if (trial.bib !== athlete.bib) continue;
    const cm = readHeight(trial.height);
    if (cm === null) continue;
    const index = heights.indexOf(cm);
    cells[index] += trial.mark;
    if (trial.mark === 'x') {
      failures += 1;
      streak += 1;
    } else if (trial.mark === 'o') {
      streak = 0;
      best = cm;
      trialsAtBest = cells[index]!.replaceAll('-', '').length;
      failuresToBest = failures;
    }
  }
  return {
    athlete,
    cells,
    best,
    trialsAtBest,
    failuresToBest,
    place: null,
    out: streak >= FAILURES_OUT,
  } satisfies VerticalLine;
}

/**
 * The standings of a vertical jump (athletics rules, field events), from the trials in the
 * order they were jumped. A pass is never a failure, and does not break a run of failures.
 */
export function verticalStandings(
  athletes: readonly CardAthlete[],
  trials: readonly VerticalTrial[],
): VerticalStandings {
  const heights = [
    ...new Set(trials.map((t) => readHeight(t.height)).filter((cm) => cm !== null)),
  ].sort((a, b) => a - b);
  const ordered = inCompetitionOrder(athletes).map((a) => lineOf(a, trials, heights));
  const cleared = ordered.filter((line) => line.best !== null).sort(compareLines);
  const places = sharedPlaces(cleared, compareLines);
  const lines = [
    ...cleared.map((line, index) => ({ ...line, place: places[index]! })),
    ...ordered.filter((line) => line.best === null),
  ];
  const first = lines.filter((line) => line.place === 1);
  return {
    heights,
    lines,
    bar: heights.at(-1) ?? null,
    // Nobody left who could still jump: those tied are out, and so is everyone else who
    // took a trial.
    jumpOff:
      first.length > 1 &&
      lines.every((line) => line.out || line.cells.every((cell) => cell === '')),
  };
}

/** What an athlete may still do at a height: trials left, or none (cleared, passed, out). */
export function trialsLeftAt(line: VerticalLine, heights: readonly number[], cm: number): number {
  if (line.out) return 0;
  const cell = line.cells[heights.indexOf(cm)] ?? '';
  if (cell.includes('o') || cell.includes('-')) return 0;
  return TRIALS_PER_HEIGHT - cell.length;
}

/**
 * Who jumps next at the bar: of those still in with trials left at it, the fewest trials
 * taken there, then the competition order (each round of trials goes down the order). `bar`
 * is the bar now, or a height it was just raised to (no trial there yet).
 */
export function verticalSequence(
  standings: VerticalStandings,
  bar: number | null = standings.bar,
): CardAthlete[] {
  const { heights } = standings;
  if (bar === null) return inCompetitionOrder(standings.lines.map((line) => line.athlete));
  const waiting = standings.lines
    .map((line) => ({ line, left: trialsLeftAt(line, heights, bar) }))
    .filter(({ left }) => left > 0);
  const order = new Map(
    inCompetitionOrder(waiting.map(({ line }) => line.athlete)).map((a, index) => [a.bib, index]),
  );
  return waiting
    .sort(
      (a, b) => b.left - a.left || order.get(a.line.athlete.bib)! - order.get(b.line.athlete.bib)!,
    )
    .map(({ line }) => line.athlete);
}

export const formatHeight = formatCentimetres;
