import { athleteRow as blankRow } from '../../server/parsers/athleteRow.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';

/**
 * Small builders for demo start lists and results. Every row carries every AthleteRow field
 * (null where a source would not say); the arrays only exist on field-event rows.
 *
 * Conventions follow the sources: FinishLynx writes result codes (DNS, DNF) in the place
 * column, spreadsheets write them in the result column.
 */

/**
 * Where results came from. Manual spreadsheets carry gender and a per-row wind; FinishLynx
 * exports do not.
 */
export type RowSource =
  { kind: 'lynx' } | { kind: 'manual'; gender: 'M' | 'F'; windspeed: string | null };

export const lynx: RowSource = { kind: 'lynx' };

export function manual(gender: 'M' | 'F', windspeed: string | null = null): RowSource {
  return { kind: 'manual', gender, windspeed };
}

const genderOf = (source: RowSource) => (source.kind === 'manual' ? source.gender : null);

/**
 * A row with every field present; `fields` fills in what is known. The event name is set when
 * the rows are attached to their event.
 */
export function athleteRow(fields: Partial<AthleteRow> & Pick<AthleteRow, 'name'>): AthleteRow {
  return blankRow({ best: null, gender: null, reactionTime: null, windspeed: null, ...fields });
}

/** lane, bib, name, club, category (for field events the lane is the competition order). */
export type EntryLine = [
  lane: string,
  bib: string | null,
  name: string,
  club: string,
  category: string,
];

export function startList(lines: readonly EntryLine[]): AthleteRow[] {
  return lines.map(([lane, bib, name, club, category]) =>
    athleteRow({ lane, bib, name, club, category }),
  );
}

/** place (or DNS/DNF/DQ/NT), bib, lane, name, club, time (null without one), reaction time. */
export type RaceLine = [
  place: string,
  bib: string,
  lane: string,
  name: string,
  club: string,
  time: string | null,
  reaction: string | null,
];

/** A race; a code goes where its source writes it (place column for FinishLynx). */
export function raceResults(lines: readonly RaceLine[], source: RowSource): AthleteRow[] {
  return lines.map(([place, bib, lane, name, club, time, reaction]) => {
    const codeInResult = source.kind === 'manual' && !/^\d+$/.test(place);
    return athleteRow({
      rank: codeInResult ? null : place,
      bib,
      lane,
      name,
      club,
      performance: codeInResult ? place : time,
      reactionTime: reaction,
      gender: genderOf(source),
      windspeed: source.kind === 'manual' ? source.windspeed : null,
    });
  });
}

/** place, lane, team name, team code (club code, two spaces, relay letter), time. */
export type RelayLine = [
  place: string,
  lane: string,
  team: string,
  code: string,
  time: string | null,
];

/** Relays have no bib; the team name stands in the name column and its code in the club column. */
export function relayResults(lines: readonly RelayLine[]): AthleteRow[] {
  return lines.map(([place, lane, team, code, time]) =>
    athleteRow({ rank: place, lane, name: team, club: code, performance: time }),
  );
}

export function relayStartList(
  lines: readonly [lane: string, team: string, code: string][],
  category: string,
): AthleteRow[] {
  return lines.map(([lane, team, code]) => athleteRow({ lane, name: team, club: code, category }));
}

/** A mark or a code (X or F foul, '-' pass) with the wind of that attempt, or null. */
export type Attempt = [mark: string, wind: string | null];

/** bib, competition order, name, club, the six attempts. */
export type FieldLine<A> = [bib: string, order: string, name: string, club: string, attempts: A];

const isMark = (cell: string | null): cell is string => cell !== null && /^\d+(\.\d+)?$/.test(cell);

/**
 * Places by best mark, ties sharing a place; athletes without a valid mark get no place and
 * NM. Ties are not broken on the second-best mark: the demo data has none.
 */
function placeByBest(rows: AthleteRow[]): AthleteRow[] {
  const ranked = rows.filter((row) => isMark(row.best ?? null));
  ranked.sort((a, b) => Number(b.best) - Number(a.best));
  ranked.forEach((row, index) => {
    const previous = ranked[index - 1];
    row.rank = previous && previous.best === row.best ? (previous.rank ?? null) : String(index + 1);
  });
  return [...ranked, ...rows.filter((row) => !isMark(row.best ?? null))];
}

/** Long and triple jump: six attempts, each with its wind; the row's wind is the best jump's. */
export function horizontalJumpResults(
  lines: readonly FieldLine<Attempt[]>[],
  source: RowSource,
): AthleteRow[] {
  const rows = lines.map(([bib, order, name, club, attempts]) => {
    const best = bestAttempt(attempts);
    return athleteRow({
      bib,
      lane: order,
      name,
      club,
      performance: best ? best[0] : 'NM',
      best: best ? best[0] : null,
      windspeed: best ? best[1] : null,
      attempts: attempts.map(([mark]) => mark),
      attemptWinds: attempts.map(([, wind]) => wind),
      gender: genderOf(source),
    });
  });
  return placeByBest(rows);
}

/** Throws: six attempts, no wind measured. */
export function throwResults(
  lines: readonly FieldLine<string[]>[],
  source: RowSource,
): AthleteRow[] {
  return horizontalJumpResults(
    lines.map(([bib, order, name, club, marks]) => [
      bib,
      order,
      name,
      club,
      marks.map((mark): Attempt => [mark, null]),
    ]),
    source,
  );
}

function bestAttempt(attempts: readonly Attempt[]): Attempt | null {
  let best: Attempt | null = null;
  for (const attempt of attempts) {
    if (isMark(attempt[0]) && (!best || Number(attempt[0]) > Number(best[0]))) best = attempt;
  }
  return best;
}

/**
 * High jump and pole vault: one cell per bar height ('O', 'XO', 'XXO', 'XXX', '-'), null after
 * the athlete went out. Places are given (count-back on failures decides ties).
 */
export function verticalJumpResults(
  heights: readonly string[],
  lines: readonly [place: string | null, ...FieldLine<string[]>][],
  source: RowSource,
): AthleteRow[] {
  return lines.map(([place, bib, order, name, club, cells]) => {
    const cleared = heights.filter((_, index) => cells[index]?.endsWith('O'));
    const best = cleared.at(-1) ?? null;
    return athleteRow({
      rank: place,
      bib,
      lane: order,
      name,
      club,
      performance: best ?? 'NM',
      best,
      heights: [...heights],
      attempts: heights.map((_, index) => cells[index] ?? null),
      gender: genderOf(source),
    });
  });
}

/** A race time as FinishLynx writes it, to the thousandth: 10.572, 2:09.514. */
export function raceTime(seconds: number): string {
  const thousandths = Math.round(seconds * 1000);
  const minutes = Math.floor(thousandths / 60_000);
  const rest = ((thousandths % 60_000) / 1000).toFixed(3);
  return minutes > 0 ? `${minutes}:${rest.padStart(6, '0')}` : rest;
}
