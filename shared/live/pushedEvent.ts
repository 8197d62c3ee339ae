import type { AthleteRow } from '../schemas/athlete.ts';
import type { LiveResults, PublicEvent } from '../schemas/event.ts';

/*
 * The compact form an event is pushed in (`event.changed`). A page that shows the event holds
 * its competition and club already (from its fetch), and they change by their own messages,
 * so they stay out; and a row's empty fields (null) are left out, which is most of a start
 * list. The page puts the event back together with what it holds. No zod here: the public
 * pages use it too.
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

type Rows = 'results' | 'startListFile' | 'overall';
export type PushedEvent = Omit<PublicEvent, 'competition' | 'club' | Rows | 'live'> &
  Record<Rows, PushedRow[]> & { live: (Omit<LiveResults, 'rows'> & { rows: PushedRow[] }) | null };

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

/** The event as pushed: without its competition and club, its rows without empty fields. */
export function compactEvent(event: PublicEvent): PushedEvent {
  const { competition: _competition, club: _club, ...rest } = event;
  return {
    ...rest,
    results: event.results.map(compactRow),
    startListFile: event.startListFile.map(compactRow),
    overall: event.overall.map(compactRow),
    live: event.live && { ...event.live, rows: event.live.rows.map(compactRow) },
  };
}

/** The public event again, from its pushed form and the competition and club a page holds. */
export function fullEvent(pushed: PushedEvent, parents: EventParents): PublicEvent {
  return {
    ...pushed,
    results: pushed.results.map(fullRow),
    startListFile: pushed.startListFile.map(fullRow),
    overall: pushed.overall.map(fullRow),
    live: pushed.live && { ...pushed.live, rows: pushed.live.rows.map(fullRow) },
    competition: parents.competition,
    club: parents.club,
  };
}
