import type { FieldDiscipline } from '../../domain.ts';
import type { AthleteRow } from '../../schemas/athlete.ts';
import type { CardAthlete, FieldSettings, HorizontalTrial, VerticalTrial } from './card.ts';
import { horizontalSequence, horizontalStandings } from './horizontal.ts';
import { fieldKindOf, formatCentimetres, readHeight } from './marks.ts';
import { verticalSequence, verticalStandings } from './vertical.ts';

/** A trial as stored and sent: a round (horizontal) or a height (vertical). */
export interface StoredTrial {
  id: string;
  bib: string;
  round: number | null;
  height: string | null;
  mark: string;
  wind: string | null;
}

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

/**
 * The next three turns the rules give, skipping trials already entered. `raisedTo`: a bar
 * height the judge has just raised the bar to, before the first trial there (vertical).
 */
export function fieldProgress(
  state: FieldCardState,
  raisedTo: string | null = null,
): FieldProgress {
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
    const { heights } = standings;
    const raised = raisedTo === null ? null : readHeight(raisedTo);
    const bar = raised !== null && raised > (standings.bar ?? 0) ? raised : standings.bar;
    turns =
      bar === null
        ? []
        : verticalSequence(standings, bar)
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
 * bar heights, best): the pages show them as they show a file's. Once the event is over, an
 * athlete with trials but no valid mark is NM; before, and with no trial, no performance.
 */
export function fieldRows(state: FieldCardState, ended = true): AthleteRow[] {
  if (fieldKindOf(state.discipline) === 'horizontal') {
    const { lines } = horizontalStandings(state.athletes, state.horizontal, state.settings);
    return lines.map((line) => {
      const entered = line.trials.some((t) => t !== null);
      const best = line.best === null ? null : line.best.mark;
      const winds = line.trials.map((t) => t?.wind ?? null);
      return {
        ...base(line.athlete),
        rank: line.place === null ? null : String(line.place),
        performance: best ?? (entered && ended ? 'NM' : null),
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
      performance: best ?? (entered && ended ? 'NM' : null),
      best,
      heights: shownHeights,
      attempts: line.cells.map((cell) => (cell === '' ? null : cell.toUpperCase())),
      windspeed: null,
    };
  });
}

/**
 * The rules' input from a card's trials as stored, in the order entered: the server builds
 * it from its rows, the phone from the card it was sent plus the entries it holds.
 */
export function cardState(
  discipline: FieldDiscipline | null,
  settings: FieldSettings,
  athletes: readonly CardAthlete[],
  trials: readonly StoredTrial[],
): FieldCardState {
  const vertical = fieldKindOf(discipline) === 'vertical';
  return {
    discipline,
    settings,
    athletes,
    horizontal: vertical
      ? []
      : trials.flatMap((t) =>
          t.round === null
            ? []
            : [{ id: t.id, bib: t.bib, round: t.round, mark: t.mark, wind: t.wind }],
        ),
    vertical: vertical
      ? trials.flatMap((t) =>
          t.height === null || (t.mark !== 'o' && t.mark !== 'x' && t.mark !== '-')
            ? []
            : [{ id: t.id, bib: t.bib, height: t.height, mark: t.mark }],
        )
      : [],
  };
}

/** A turn as the card and the pages show it. */
export interface TurnSummary {
  bib: string;
  name: string;
  trial: number;
  height: string | null;
}

export interface CardSummary {
  standings: AthleteRow[];
  up: TurnSummary | null;
  onDeck: TurnSummary | null;
  next: TurnSummary | null;
  /** Vertical: the heights used so far and the bar now. */
  heights: string[];
  bar: string | null;
  jumpOff: boolean;
}

const summaryOf = (turn: FieldTurn | null): TurnSummary | null =>
  turn && {
    bib: turn.athlete.bib,
    name: turn.athlete.name,
    trial: turn.trial,
    height: turn.height,
  };

/**
 * What the card, its API and the pages show of a card: once it is ended, nobody is up.
 * `raisedTo`: the bar the judge raised it to on this phone, before anyone jumped there.
 */
export function cardSummary(
  state: FieldCardState,
  ended: boolean,
  raisedTo: string | null = null,
): CardSummary {
  const progress = fieldProgress(state, raisedTo);
  const vertical = verticalStandings(state.athletes, state.vertical);
  return {
    standings: fieldRows(state, ended),
    up: ended ? null : summaryOf(progress.up),
    onDeck: ended ? null : summaryOf(progress.onDeck),
    next: ended ? null : summaryOf(progress.next),
    heights: vertical.heights.map(formatCentimetres),
    bar: vertical.bar === null ? null : formatCentimetres(vertical.bar),
    jumpOff: vertical.jumpOff,
  };
}
