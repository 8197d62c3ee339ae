import type { EventStatus } from '../schemas/enums.ts';
import { eventTitle, type HeatFacts } from './heats.ts';

export type EventTableContent = 'results' | 'startList' | 'none';

/**
 * What the public event page shows, word for word from spec section 4: "if results exist and
 * status is official, show results; otherwise if a start list exists and status is
 * unofficial, or status is upcoming, show the start list; otherwise no table data".
 * The "or" binds as (start list and unofficial) or upcoming: an upcoming event with no start
 * list yet gets 'startList', so the page shows an empty start list rather than nothing.
 * Unofficial results are not shown; an unofficial event without a start list shows nothing.
 * An event marked imported (edit required) still shows what a file published: the admin
 * owes it an edit, the spectators are owed its results.
 */
export function eventTableContent(event: {
  status: EventStatus;
  results: readonly unknown[];
  startListFile: readonly unknown[];
}): EventTableContent {
  const imported = event.status === 'imported';
  if (event.results.length > 0 && (event.status === 'official' || imported)) return 'results';
  const hasStartList = event.startListFile.length > 0;
  if (
    (hasStartList && (event.status === 'unofficial' || imported)) ||
    event.status === 'upcoming'
  ) {
    return 'startList';
  }
  return 'none';
}

/**
 * Whether the page shows the finish camera's unofficial lines: only until the event's own
 * results are shown, which always win.
 */
export function showsLiveResults(event: {
  status: EventStatus;
  results: readonly unknown[];
  startListFile: readonly unknown[];
  live: { rows: readonly unknown[] } | null;
}): boolean {
  return (
    event.live !== null &&
    event.live.rows.length > 0 &&
    event.status !== 'scratched' &&
    eventTableContent(event) !== 'results'
  );
}

/**
 * The prefilled message of the share link (spec section 7); a heat is named with its number
 * ("Men 100 Meter Dash, Heat 2 of 6"), as six heats share one name. An unofficial event's
 * results are said to be provisional.
 */
export function shareText(
  event: { eventName: string; status: EventStatus } & Partial<HeatFacts>,
  competitionName: string,
  link: string,
): string {
  const name = eventTitle({
    eventName: event.eventName,
    round: event.round ?? 'unknown',
    heat: event.heat ?? null,
    heatCount: event.heatCount ?? 1,
  });
  if (event.status === 'official') {
    return `Check out the results for "${name}" at ${competitionName}! See details here: ${link}`;
  }
  // Unofficial results are provisional: a share never passes them off as the final word.
  if (event.status === 'unofficial') {
    return `Check out the unofficial results for "${name}" at ${competitionName} (provisional: they may still change)! See details here: ${link}`;
  }
  return `Check out the start list for "${name}" at ${competitionName}! See the start list here: ${link}`;
}

export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** Scratched events are dimmed and struck through, and their share link is disabled. */
export function isScratched(status: EventStatus): boolean {
  return status === 'scratched';
}
