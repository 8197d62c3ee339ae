import type { EventStatus } from '../domain.ts';
import type { AthleteRow } from '../schemas/athlete.ts';

/**
 * What every screen shows of an event: the event page, the competition page, the big screen,
 * the widget, the athlete search, My athletes, the open feed, alerts, share texts and link
 * previews. One rule, so no screen shows more than another: the event page's rule (below),
 * plus the finish camera's unofficial lines. The server applies it to what it publishes
 * (publicRows), so a result the event page would not show never leaves it.
 */

/** What an event holds, by count: enough to apply the rule without its rows. */
export interface EventFacts {
  status: EventStatus;
  results: number;
  startList: number;
  /** The finish camera's lines, or results a timing file brought in part. */
  live: number;
}

/** What the event's table shows. */
export const shownTables = ['results', 'live', 'startList', 'none'] as const;
export type ShownTable = (typeof shownTables)[number];

/** An event with its rows, as the rule reads it. */
export interface ShowableEvent {
  status: EventStatus;
  results: readonly AthleteRow[];
  startListFile: readonly AthleteRow[];
  live: { rows: readonly AthleteRow[] } | null;
}

export const factsOf = (event: ShowableEvent): EventFacts => ({
  status: event.status,
  results: event.results.length,
  startList: event.startListFile.length,
  live: event.live?.rows.length ?? 0,
});

/**
 * The event page's rule: "if results exist and status is official, show results;
 * otherwise if a start list exists and status is unofficial, or status is upcoming, show the
 * start list; otherwise no table data". The "or" binds as (start list and unofficial) or
 * upcoming: an upcoming event with no start list yet shows an empty start list. An event
 * marked imported (edit required) still shows what a file published: the admin owes it an
 * edit, the spectators are owed its results. Before results are shown, the finish camera's
 * lines (and the part of a timing file's results that is in) show as unofficial, above the
 * start list; never on a scratched event.
 */
export function shownTable(facts: EventFacts): ShownTable {
  const imported = facts.status === 'imported';
  if (facts.results > 0 && (facts.status === 'official' || imported)) return 'results';
  if (facts.live > 0 && facts.status !== 'scratched') return 'live';
  if (
    (facts.startList > 0 && (facts.status === 'unofficial' || imported)) ||
    facts.status === 'upcoming'
  ) {
    return 'startList';
  }
  return 'none';
}

/** Whether the event shows results (official, or a file's on an event to edit). */
export const showsResults = (event: ShowableEvent): boolean =>
  shownTable(factsOf(event)) === 'results';

/** Whether the event shows unofficial lines: the finish camera's, or a file's part. */
export const showsLiveResults = (event: ShowableEvent): boolean =>
  shownTable(factsOf(event)) === 'live';

/**
 * The table under the unofficial lines, or the only table: results, the start list, or
 * nothing. The start list stays under unofficial lines so spectators see who is still to come.
 */
export function eventTableContent(event: ShowableEvent): Exclude<ShownTable, 'live'> {
  return shownTable({ ...factsOf(event), live: 0 }) as Exclude<ShownTable, 'live'>;
}

/** The result rows spectators see, and whether they are provisional. */
export interface ShownRows {
  source: 'results' | 'live' | 'none';
  rows: readonly AthleteRow[];
  /** Unofficial: the finish camera's lines, or part of a file's results. */
  provisional: boolean;
}

export function shownRows(event: ShowableEvent): ShownRows {
  switch (shownTable(factsOf(event))) {
    case 'results':
      return { source: 'results', rows: event.results, provisional: false };
    case 'live':
      return { source: 'live', rows: event.live?.rows ?? [], provisional: true };
    default:
      return { source: 'none', rows: [], provisional: false };
  }
}

/**
 * The event as the public may have it: results only when they are shown, the unofficial lines
 * only when they are. The API, pushed changes, the feed and the athlete search read events
 * through this, so no reader can show more than the event page.
 */
export function publicRows<T extends ShowableEvent>(event: T): T {
  const shown = shownTable(factsOf(event));
  return {
    ...event,
    results: shown === 'results' ? event.results : [],
    live: shown === 'live' ? event.live : null,
  };
}
