import type { EventStatus } from '../schemas/enums.ts';

export type EventTableContent = 'results' | 'startList' | 'none';

/**
 * What the public event page shows, word for word from spec section 4: "if results exist and
 * status is official, show results; otherwise if a start list exists and status is
 * unofficial, or status is upcoming, show the start list; otherwise no table data".
 * The "or" binds as (start list and unofficial) or upcoming: an upcoming event with no start
 * list yet gets 'startList', so the page shows an empty start list rather than nothing.
 * Unofficial results are not shown; an unofficial event without a start list shows nothing.
 */
export function eventTableContent(event: {
  status: EventStatus;
  results: readonly unknown[];
  startListFile: readonly unknown[];
}): EventTableContent {
  if (event.results.length > 0 && event.status === 'official') return 'results';
  const hasStartList = event.startListFile.length > 0;
  if ((hasStartList && event.status === 'unofficial') || event.status === 'upcoming') {
    return 'startList';
  }
  return 'none';
}

/** The prefilled message of the share link (spec section 7). */
export function shareText(
  event: { eventName: string; status: EventStatus },
  competitionName: string,
  link: string,
): string {
  return event.status === 'official'
    ? `Check out the results for "${event.eventName}" at ${competitionName}! See details here: ${link}`
    : `Check out the start list for "${event.eventName}" at ${competitionName}! See the start list here: ${link}`;
}

export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** Scratched events are dimmed and struck through, and their share link is disabled. */
export function isScratched(status: EventStatus): boolean {
  return status === 'scratched';
}
