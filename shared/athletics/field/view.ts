import type { FieldDiscipline } from '../../domain.ts';
import type { AthleteRow } from '../../schemas/athlete.ts';
import type { CardAthlete, FieldSettings, HorizontalTrial, VerticalTrial } from './card.ts';
import { horizontalSequence, horizontalStandings } from './horizontal.ts';
import { fieldKindOf, formatCentimetres } from './marks.ts';
import { verticalSequence, verticalStandings } from './vertical.ts';

/** Everything the rules need of an event's card: the same on the server and the phone. */
export interface FieldCardState {
  discipline: FieldDiscipline | null;
  settings: FieldSettings;
  athletes: readonly CardAthlete[];
  /** Trials of a horizontal event; empty for a vertical one, and the other way round. */
  horizontal: readonly HorizontalTrial[];
  /** In the order they were jumped. */
  vertical: readonly VerticalTrial[];
}

/** Who is up now, on deck and next, and at what: a round (horizontal) or the bar (vertical). */
export interface FieldTurn {
  athlete: CardAthlete;
  /** Horizontal: the trial this is (1-6); vertical: the trial at the bar (1-3). */
  trial: number;
  /** Vertical only: the bar height ("2.05"). */
  height: string | null;
}

export interface FieldProgress {
  up: FieldTurn | null;
  onDeck: FieldTurn | null;
  next: FieldTurn | null;
}

const take = <T>(items: Iterable<T>, count: number): T[] => {
  const taken: T[] = [];
  for (const item of items) {
    if (taken.length === count) break;
    taken.push(item);
  }
  return taken;
};

/** The next three turns the rules give, skipping trials already entered. */
export function fieldProgress(state: FieldCardState): FieldProgress {
  let turns: FieldTurn[];
  if (fieldKindOf(state.discipline) === 'horizontal') {
    const standings = horizontalStandings(state.athletes, state.horizontal, state.settings);
    const entered = new Set(state.horizontal.map((t) => `${t.bib}|${t.round}`));
    const open = function* () {
      for (const [athlete, round] of horizontalSequence(standings, state.settings)) {
        if (!entered.has(`${athlete.bib}|${round}`)) yield { athlete, trial: round, height: null };
      }
    };
    turns = take(open(), 3);
  } else {
    const standings = verticalStandings(state.athletes, state.vertical);
    const { bar, heights } = standings;
    turns =
      bar === null
        ? []
        : verticalSequence(standings)
            .slice(0, 3)
            .map((athlete) => {
              const line = standings.lines.find((l) => l.athlete.bib === athlete.bib)!;
              const taken = line.cells[heights.indexOf(bar)]?.length ?? 0;
              return { athlete, trial: taken + 1, height: formatCentimetres(bar) };
            });
  }
  return { up: turns[0] ?? null, onDeck: turns[1] ?? null, next: turns[2] ?? null };
}

const base = (athlete: CardAthlete) => ({
  id: `field-${athlete.bib}`,
  bib: athlete.bib,
  name: athlete.name,
  club: athlete.club,
  eventName: null,
  category: null,
  points: null,
  lane: String(athlete.order),
  pdfUrl: null,
  flight: athlete.flight,
});

/** Marks as results show them: x as X, the rest as entered. */
const shownMark = (mark: string) => (mark === 'x' ? 'X' : mark);

/**
 * The card as result rows, best first, in the shape a FieldLynx file gives (attempts, winds,
 * bar heights, best): the pages show them as they show a file's. An athlete with trials but
 * no valid mark is NM; one with none yet has no performance.
 */
export function fieldRows(state: FieldCardState): AthleteRow[] {
  if (fieldKindOf(state.discipline) === 'horizontal') {
    const { lines } = horizontalStandings(state.athletes, state.horizontal, state.settings);
    return lines.map((line) => {
      const entered = line.trials.some((t) => t !== null);
      const best = line.best === null ? null : line.best.mark;
      const winds = line.trials.map((t) => t?.wind ?? null);
      return {
        ...base(line.athlete),
        rank: line.place === null ? null : String(line.place),
        performance: best ?? (entered ? 'NM' : null),
        best,
        attempts: line.trials.map((t) => (t === null ? null : shownMark(t.mark))),
        ...(winds.some((w) => w !== null) ? { attemptWinds: winds } : {}),
        windspeed: line.best?.wind ?? null,
      };
    });
  }
  const { lines, heights } = verticalStandings(state.athletes, state.vertical);
  const shownHeights = heights.map(formatCentimetres);
  return lines.map((line) => {
    const entered = line.cells.some((c) => c !== '');
    const best = line.best === null ? null : formatCentimetres(line.best);
    return {
      ...base(line.athlete),
      rank: line.place === null ? null : String(line.place),
      performance: best ?? (entered ? 'NM' : null),
      best,
      heights: shownHeights,
      attempts: line.cells.map((cell) => (cell === '' ? null : cell.toUpperCase())),
      windspeed: null,
    };
  });
}
