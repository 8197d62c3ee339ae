/*
 * A field event's card as the rules read it: who competes, in which flight and order, and
 * every trial entered. Pure data, the same on the server, the official's phone and the pages.
 */

/** How many trials, and how many go on to the final trials (athletics rules: settings). */
export interface FieldSettings {
  /** Trials in all for those who make the cut: 6 by default (4 at some meets). */
  trials: number;
  /** Trials everyone has before the cut: 3. */
  trialsBeforeCut: number;
  /** How many go on past the cut when more compete: 8 (6 at some meets). */
  finalists: number;
}

/**
 * The results file name of results the judge ended on the field card: results typed in at
 * the field, which FieldLynx's file, when it comes, replaces as the official ones.
 */
export const FIELD_CARD_FILE = 'Field card';

export const DEFAULT_FIELD_SETTINGS: FieldSettings = {
  trials: 6,
  trialsBeforeCut: 3,
  finalists: 8,
};

export interface CardAthlete {
  bib: string;
  name: string;
  club: string | null;
  /** Flights take their trials before the cut one after another: 1 when there is one. */
  flight: number;
  /** The competition order within the flight, from the start list. */
  order: number;
}

/** One horizontal trial: `mark` is a distance ("11.07"), "x", "-" or "r". */
export interface HorizontalTrial {
  id: string;
  bib: string;
  round: number;
  mark: string;
  wind: string | null;
}

/** One vertical trial at one bar height ("2.05"), in the order they were jumped. */
export interface VerticalTrial {
  id: string;
  bib: string;
  height: string;
  mark: 'o' | 'x' | '-';
}

/** Athletes in competition order: flight, then their order in it, then bib for a stable tie. */
export function inCompetitionOrder<T extends CardAthlete>(athletes: readonly T[]): T[] {
  return [...athletes].sort(
    (a, b) => a.flight - b.flight || a.order - b.order || a.bib.localeCompare(b.bib),
  );
}

/**
 * Places from a comparison of athletes already sorted best first: equal neighbours share a
 * place, and the next place skips the shared ones (1, 2, 2, 4).
 */
export function sharedPlaces<T>(sorted: readonly T[], compare: (a: T, b: T) => number): number[] {
  const places: number[] = [];
  sorted.forEach((item, index) => {
    const previous = sorted[index - 1];
    places.push(
      index > 0 && previous !== undefined && compare(previous, item) === 0
        ? places[index - 1]!
        : index + 1,
    );
  });
  return places;
}
