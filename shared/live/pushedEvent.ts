import type { AthleteRow } from '../schemas/athlete.ts';
import type { LiveResults, PublicEvent } from '../schemas/event.ts';

/*
 * The compact form an event is pushed in (`event.changed`). A page that shows the event holds
 * its competition and club already (from its fetch), and they change by their own messages,
 * so they stay out; and a row's empty fields (null) are left out, which is most of a start
 * list. The page puts the event back together with what it holds. A change of its scoreboard
 * lines alone (`event.live`) leaves out the rows the lines never change too. No zod here: the
 * public pages use it too.
 */

/** A row's fields that are always present but may be null: pushed only when not null. */
export const NULLABLE_ROW_FIELDS = {
  rank: true,
  bib: true,
  eventName: true,
  club: true,
  category: true,
  performance: true,
  points: true,
  lane: true,
  pdfUrl: true,
} as const;
type NullableRowField = keyof typeof NULLABLE_ROW_FIELDS;
const nullableRowFields = Object.keys(NULLABLE_ROW_FIELDS) as NullableRowField[];

export type PushedRow = Omit<AthleteRow, NullableRowField> &
  Partial<Pick<AthleteRow, NullableRowField>>;

/** An event's rows of every kind, in one row form or the other. */
interface EventRows<Row> {
  results: Row[];
  startListFile: Row[];
  overall: Row[];
  live: (Omit<LiveResults, 'rows'> & { rows: Row[] }) | null;
}

export type PushedEvent = Omit<PublicEvent, 'competition' | 'club' | keyof EventRows<unknown>> &
  EventRows<PushedRow>;

/** The rows scoreboard lines never change: a change of the lines alone is pushed without them. */
type UnchangedByLines = 'results' | 'startListFile' | 'overall';
/** The event as pushed when its scoreboard lines alone changed (`event.live`). */
export type PushedLinesEvent = Omit<PushedEvent, UnchangedByLines>;

/** The parents a page holds for the event it shows. */
export type EventParents = Pick<PublicEvent, 'competition' | 'club'>;

function compactRow(row: AthleteRow): PushedRow {
  const pushed: Partial<AthleteRow> = { ...row };
  for (const field of nullableRowFields) if (pushed[field] === null) delete pushed[field];
  return pushed as PushedRow;
}

function fullRow(row: PushedRow): AthleteRow {
  const full = { ...row } as AthleteRow;
  for (const field of nullableRowFields) full[field] = row[field] ?? null;
  return full;
}

/** The unofficial lines, each row through `change`. */
function mapLines<From, To>(
  live: EventRows<From>['live'],
  change: (row: From) => To,
): EventRows<To>['live'] {
  return live && { ...live, rows: live.rows.map(change) };
}

/** Every row of the event, each through `change`. */
function mapRows<From, To>(event: EventRows<From>, change: (row: From) => To): EventRows<To> {
  return {
    results: event.results.map(change),
    startListFile: event.startListFile.map(change),
    overall: event.overall.map(change),
    live: mapLines(event.live, change),
  };
}

/** The event as pushed: without its competition and club, its rows without empty fields. */
export function compactEvent(event: PublicEvent): PushedEvent {
  const { competition: _competition, club: _club, ...rest } = event;
  return { ...rest, ...mapRows(event, compactRow) };
}

/** The public event again, from its pushed form and the competition and club a page holds. */
export function fullEvent(pushed: PushedEvent, parents: EventParents): PublicEvent {
  const { competition, club } = parents;
  return { ...pushed, ...mapRows(pushed, fullRow), competition, club };
}

/** The event as pushed when its scoreboard lines alone changed: without the rows they keep. */
export function linesEvent(event: PushedEvent): PushedLinesEvent {
  const { results: _results, startListFile: _startList, overall: _overall, ...rest } = event;
  return rest;
}

/** What a page puts over the event it holds (with the rows the lines keep), from `event.live`. */
export function fullLinesEvent(
  pushed: PushedLinesEvent,
): Omit<PublicEvent, 'competition' | 'club' | UnchangedByLines> {
  return { ...pushed, live: mapLines(pushed.live, fullRow) };
}
