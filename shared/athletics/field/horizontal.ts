import {
  inCompetitionOrder,
  sharedPlaces,
  type CardAthlete,
  type FieldSettings,
  type HorizontalTrial,
} from './card.ts';
import { markCentimetres } from './marks.ts';

/** An athlete's line in a horizontal event: trials by round, best mark and place. */
export interface HorizontalLine {
  athlete: CardAthlete;
  /** Index r is trial r + 1; null where none was entered. */
  trials: (HorizontalTrial | null)[];
  /** Valid marks in centimetres, best first: the tie-break reads them in turn. */
  marks: number[];
  best: HorizontalTrial | null;
  /** Null without a valid mark. */
  place: number | null;
  retired: boolean;
  /**
   * Whether the athlete takes the trials after the cut: true or false once it can be said
   * from the marks so far, and always true when no more compete than go on.
   */
  inFinal: boolean;
}

export interface HorizontalStandings {
  /** Best first; athletes without a valid mark after, in competition order. */
  lines: HorizontalLine[];
  /** Whether the cut applies at all: more athletes than finalists. */
  cut: boolean;
  /** The order of the trials after the cut: the standing after them reversed. */
  finalOrder: CardAthlete[];
}

/** Better first: the best mark, then the second best, and so on (TR 25.22). */
export function compareMarks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const difference = (b[i] ?? -1) - (a[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

function lineOf(athlete: CardAthlete, trials: readonly HorizontalTrial[], rounds: number) {
  const byRound: (HorizontalTrial | null)[] = [];
  const valid: { trial: HorizontalTrial; cm: number }[] = [];
  let retired = false;
  for (const trial of trials) {
    if (trial.bib !== athlete.bib || trial.round > rounds) continue;
    byRound[trial.round - 1] = trial;
  }
  for (let r = 0; r < byRound.length; r += 1) {
    const trial = byRound[r] ?? null;
    byRound[r] = trial;
    if (trial === null) continue;
    if (trial.mark === 'r') retired = true;
    const cm = markCentimetres(trial.mark);
    if (cm !== null) valid.push({ trial, cm });
  }
  // The first of equal bests is the one shown: its wind goes with it.
  const best = valid.reduce<(typeof valid)[number] | null>(
    (top, entry) => (top === null || entry.cm > top.cm ? entry : top),
    null,
  );
  return {
    athlete,
    trials: byRound,
    marks: valid.map((entry) => entry.cm).sort((a, b) => b - a),
    best: best?.trial ?? null,
    retired,
  };
}

type Unplaced = ReturnType<typeof lineOf>;

/** Ranks lines: those with a valid mark by marks, shared places for equal series. */
function rank(lines: readonly Unplaced[]): { line: Unplaced; place: number | null }[] {
  const marked = lines.filter((line) => line.marks.length > 0);
  const unmarked = lines.filter((line) => line.marks.length === 0);
  const sorted = [...marked].sort((a, b) => compareMarks(a.marks, b.marks));
  const places = sharedPlaces(sorted, (a, b) => compareMarks(a.marks, b.marks));
  return [
    ...sorted.map((line, index) => ({ line, place: places[index]! })),
    ...unmarked.map((line) => ({ line, place: null })),
  ];
}

/**
 * The standings of a horizontal jump or throw (athletics rules, field events): the best
 * valid mark wins, ties broken by the next best marks, still equal shares the place. With
 * more athletes than finalists, the cut after `trialsBeforeCut` is made over all flights
 * together; a tie at the last place takes every tied athlete on, and an athlete without a
 * valid mark by then goes no further. The trials after the cut go in the reverse order of
 * the standing at the cut.
 */
export function horizontalStandings(
  athletes: readonly CardAthlete[],
  trials: readonly HorizontalTrial[],
  settings: FieldSettings,
): HorizontalStandings {
  const ordered = inCompetitionOrder(athletes);
  const cut = ordered.length > settings.finalists;
  const atCut = rank(ordered.map((a) => lineOf(a, trials, settings.trialsBeforeCut)));
  const through = new Set(
    atCut
      .filter(({ place }) => place !== null && (!cut || place <= settings.finalists))
      .map(({ line }) => line.athlete.bib),
  );
  // Worst first; equal standings keep the competition order, unmarked athletes lead.
  const standing = new Map(
    atCut.map(({ line, place }, index) => [line.athlete.bib, { place, index }]),
  );
  const finalOrder = ordered
    .filter((a) => !cut || through.has(a.bib))
    .map((athlete, index) => ({ athlete, index, at: standing.get(athlete.bib)! }))
    .sort((a, b) => {
      const byPlace = (b.at.place ?? Infinity) - (a.at.place ?? Infinity);
      return Number.isNaN(byPlace) || byPlace === 0 ? a.index - b.index : byPlace;
    })
    .map(({ athlete }) => athlete);
  const lines = rank(ordered.map((a) => lineOf(a, trials, settings.trials))).map(
    ({ line, place }) => ({ ...line, place, inFinal: !cut || through.has(line.athlete.bib) }),
  );
  return { lines, cut, finalOrder };
}

/** An athlete's next trials in order, as the rules run them: `[athlete, round]` pairs. */
export function* horizontalSequence(
  standings: HorizontalStandings,
  settings: FieldSettings,
): Generator<[CardAthlete, number]> {
  const lineOfBib = new Map(standings.lines.map((line) => [line.athlete.bib, line]));
  const retiredBefore = (bib: string, round: number) =>
    lineOfBib
      .get(bib)
      ?.trials.slice(0, round - 1)
      .some((t) => t?.mark === 'r') ?? false;
  const flights = inCompetitionOrder(standings.lines.map((line) => line.athlete));
  const flightNumbers = [...new Set(flights.map((a) => a.flight))];
  for (const flight of flightNumbers) {
    const members = flights.filter((a) => a.flight === flight);
    for (let round = 1; round <= settings.trialsBeforeCut; round += 1) {
      for (const athlete of members) {
        if (!retiredBefore(athlete.bib, round)) yield [athlete, round];
      }
    }
  }
  for (let round = settings.trialsBeforeCut + 1; round <= settings.trials; round += 1) {
    for (const athlete of standings.finalOrder) {
      if (!retiredBefore(athlete.bib, round)) yield [athlete, round];
    }
  }
}
