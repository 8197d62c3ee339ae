import type { AthleteRow } from '../schemas/athlete.ts';
import type { TeamScore, TeamScores, TeamScoringSettings } from '../schemas/teamScores.ts';
import { placeOf } from '../resultColumns.ts';
import { foldText } from '../eventNames/fold.ts';
import { after, alternatives, before } from '../eventNames/match.ts';
import { readEventName } from '../eventNames/read.ts';
import { vocabulary, type Gender } from '../eventNames/words.ts';
import { isTimedFinal, type HeatFacts } from './heats.ts';
import { normalizeResultCode, type ResultCode } from './resultCode.ts';

/**
 * Team scores: the places of each final turned into points for the athletes' clubs, by the
 * meet's settings (shared/schemas/teamScores.ts). Pure, so the server and the pages count
 * the same way.
 */

/**
 * One event's results. A timed final is passed once, as its overall ranking across sections
 * (PublicEvent.overall) with heat null and its heatCount: its sections, passed too, do not
 * score (isScoringEvent), so no athlete counts twice.
 */
export interface ScoredEvent extends HeatFacts {
  eventName: string;
  rows: readonly AthleteRow[];
}

/**
 * Finals score, a timed final by its overall ranking; earlier rounds do not. A round the name
 * does not give counts as a final unless the race is split in heats: most club meets never
 * name their rounds.
 */
export function isScoringEvent(event: HeatFacts): boolean {
  if (isTimedFinal(event)) return event.heat === null;
  return event.round === 'finals' || (event.round === 'unknown' && event.heatCount <= 1);
}

/**
 * What each of `tied` athletes sharing `place` scores: the points of the places they cover,
 * shared equally (two tied 2nd in 10-8-6 score (8 + 6) / 2 = 7). Places beyond the table are
 * worth 0.
 */
export function sharedPoints(table: readonly number[], place: number, tied: number): number {
  const covered = table.slice(place - 1, place - 1 + tied);
  return covered.reduce((sum, points) => sum + points, 0) / tied;
}

/** "4x100", "4 x 400m", "4×400" (folded to x): a relay's legs, two or more. */
const relayLegs = new RegExp(`${before}(?:[2-9]|[1-9]\\d)\\s*x\\s*\\d`, 'u');
const relayWords = new RegExp(
  `${before}${alternatives(vocabulary.races.relay ?? [])}${after}`,
  'u',
);

/** The event's name says relay: its legs ("4x100") or a word ("Relay", "Staffel", "Medley"). */
export function isRelay(eventName: string): boolean {
  const text = foldText(eventName);
  return relayLegs.test(text) || relayWords.test(text);
}

/** Points to show: at most two decimals (a three-way tie's third shows as 0.33). */
export function formatTeamPoints(points: number): string {
  return String(Math.round(points * 100) / 100);
}

/** Codes that take the place away; NM and r are left to the place the results give. */
const unplaced: ReadonlySet<ResultCode> = new Set<ResultCode>(['DNS', 'DNF', 'DQ']);

interface Placed {
  /** The club, trimmed; null when the row has none (it takes its place for no team). */
  team: string | null;
  place: number;
  /** Over the perTeam limit of its team. */
  stopped: boolean;
}

/** Rows that took a place, best first; ties keep the results' order. */
function placedRows(rows: readonly AthleteRow[], perTeam: number | null): Placed[] {
  const finishers = rows.flatMap((row) => {
    const place = placeOf(row.rank);
    // Spreadsheets write the code in the result column, next to a place.
    const code = normalizeResultCode(row.performance);
    if (place === null || (code !== null && unplaced.has(code))) return [];
    return [{ team: row.club?.trim() || null, place }];
  });
  finishers.sort((a, b) => a.place - b.place);
  const counted = new Map<string, number>();
  return finishers.map(({ team, place }) => {
    if (team === null) return { team, place, stopped: false };
    const count = counted.get(team) ?? 0;
    counted.set(team, count + 1);
    return { team, place, stopped: perTeam !== null && count >= perTeam };
  });
}

/** The field without its stopped athletes, placed again: ties stay ties (1, 2, 2, 4). */
function withoutStopped(field: readonly Placed[]): Placed[] {
  const kept = field.filter((entry) => !entry.stopped);
  return kept.map((entry) => ({
    ...entry,
    place: kept.findIndex((other) => other.place === entry.place) + 1,
  }));
}

/** What each team scores in one event. */
function eventPoints(settings: TeamScoringSettings, event: ScoredEvent): Map<string, number> {
  const placed = placedRows(event.rows, settings.perTeam);
  const field = settings.reassign ? withoutStopped(placed) : placed;
  const tied = new Map<number, number>();
  for (const { place } of field) tied.set(place, (tied.get(place) ?? 0) + 1);
  const multiplier = isRelay(event.eventName) ? settings.relayMultiplier : 1;
  const points = new Map<string, number>();
  for (const { team, place, stopped } of field) {
    if (team === null || stopped) continue;
    const earned = sharedPoints(settings.points, place, tied.get(place) ?? 1) * multiplier;
    points.set(team, (points.get(team) ?? 0) + earned);
  }
  return points;
}

const tableNames = ['Men', 'Women', 'Mixed', 'Overall'] as const;
type TableName = (typeof tableNames)[number];

function tableOf(gender: Gender | null, byGender: boolean): TableName {
  if (!byGender) return 'Overall';
  return gender === 'men' ? 'Men' : gender === 'women' ? 'Women' : 'Mixed';
}

/**
 * Points stay exact (a third is a third), but sums of them drift in floating point
 * (0.1 + 0.2): totals this close are equal.
 */
const equal = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** Teams that scored, most points first (then by name), equal points sharing a place. */
function standings(totals: ReadonlyMap<string, number>): TeamScore[] {
  const teams = [...totals]
    .map(([team, points]) => ({ team, points }))
    .filter(({ points }) => points > 0)
    .sort((a, b) =>
      equal(a.points, b.points) ? a.team.localeCompare(b.team) : b.points - a.points,
    );
  return teams.map((entry) => ({
    ...entry,
    place: teams.findIndex((other) => equal(other.points, entry.points)) + 1,
  }));
}

/**
 * The meet's team tables. With byGender, men's and women's events score in tables of their
 * own and every other event (no gender, or mixed) in "Mixed"; when no name says men or
 * women, or without byGender, every event scores in one "Overall" table. A table is there as
 * soon as one of its events is, scored or not yet.
 */
export function teamTables(
  settings: TeamScoringSettings,
  events: readonly ScoredEvent[],
): TeamScores {
  const genders = events.map((event) => readEventName(event.eventName).gender);
  const byGender =
    settings.byGender && genders.some((gender) => gender === 'men' || gender === 'women');
  const totals = new Map<TableName, Map<string, number>>();
  events.forEach((event, index) => {
    const name = tableOf(genders[index] ?? null, byGender);
    const table = totals.get(name) ?? new Map<string, number>();
    totals.set(name, table);
    if (!isScoringEvent(event)) return;
    for (const [team, points] of eventPoints(settings, event)) {
      table.set(team, (table.get(team) ?? 0) + points);
    }
  });
  return {
    tables: tableNames.flatMap((name) => {
      const table = totals.get(name);
      return table ? [{ name, teams: standings(table) }] : [];
    }),
  };
}
