/**
 * How many rows one event may hold, in its results, its start list or its scoreboard lines,
 * and how many events one timetable may create: the one rule every path checks (the admin's
 * form and its PUT, every upload format, a FinishLynx batch, the scoreboard feed, a
 * timetable). The largest real fields (a mass-start road race run as one event) stay well
 * under it; a file past it was built to flood the spectators' pages, which receive an
 * event's rows whole.
 */
export const MAX_EVENT_ROWS = 2000;

const count = (n: number) => n.toLocaleString('en-IE');

/** Said of a file refused for the cap: none of its events was written. */
export const NOTHING_APPLIED = 'Nothing of the file was applied.';

/**
 * The refusal when `rows` rows would go to `event` ('the event "Men 100m"', say), else
 * null: "The event "Men 100m" has 50,453 rows: an event holds at most 2,000."
 */
export function rowCapRefusal(rows: number, event: string): string | null {
  if (rows <= MAX_EVENT_ROWS) return null;
  const subject = event.charAt(0).toUpperCase() + event.slice(1);
  return `${subject} has ${count(rows)} rows: an event holds at most ${count(MAX_EVENT_ROWS)}.`;
}

/** What a file says of an event: its name, and its race where the file gives one. */
interface FileEvent {
  eventName: string;
  eventType: 'ATHLETICS' | 'JUMP';
  key: { eventNumber: string; round: string; heat: string } | null;
}

/** 'the event "Men 100m" (event 1, round 1, heat 2)', as a refusal names it. */
export function fileEventLabel(event: FileEvent): string {
  const name = event.eventName.trim().slice(0, 100);
  const named = name ? `the event "${name}"` : 'the event';
  if (event.key === null) return named;
  const { eventNumber, round, heat } = event.key;
  const part = event.eventType === 'JUMP' ? 'flight' : 'heat';
  return `${named} (event ${eventNumber}, round ${round}, ${part} ${heat})`;
}

/**
 * The refusal of a file one of whose events holds `rows` rows, past the cap, else null.
 * Parsers check it as soon as they know the count, before building the rows.
 */
export function fileRowCapRefusal(event: FileEvent, rows: number): string | null {
  const refusal = rowCapRefusal(rows, fileEventLabel(event));
  return refusal === null ? null : `${refusal} ${NOTHING_APPLIED}`;
}

/** The refusal when a timetable lists more events than it may create, else null. */
export function timetableCapRefusal(entries: number): string | null {
  if (entries <= MAX_EVENT_ROWS) return null;
  return (
    `The timetable lists ${count(entries)} events: a timetable creates at most ` +
    `${count(MAX_EVENT_ROWS)}. ${NOTHING_APPLIED}`
  );
}

/**
 * How many events one competition may hold, whichever way they come (the admin's form, a
 * timetable, a FinishLynx folder): the largest real meets, every heat an event, hold a few
 * hundred; a folder of 10,000 made-up files made 5,588 and a 58 MB live snapshot.
 */
export const MAX_COMPETITION_EVENTS = 2000;

/** The refusal of one event more in a competition that holds the most it may. */
export const EVENT_CAP_MESSAGE =
  `This competition already holds ${count(MAX_COMPETITION_EVENTS)} events, the most one ` +
  'competition may hold: delete events it does not need, or make another competition.';

/** What the admin's form and the PUT of an event say when a list is longer than that. */
export const ROW_CAP_MESSAGE = `An event holds at most ${count(MAX_EVENT_ROWS)} rows.`;
