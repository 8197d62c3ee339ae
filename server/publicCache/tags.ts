import type { LiveMessage } from '../../shared/live/messages.ts';

/**
 * What a cached payload depends on, and which bus messages make it stale. Each entry carries
 * the tags of what it shows (reads.ts); each message names the tags of what it changed.
 *
 * No bus message announces a club (clubs are written at registration and by `admin:create`,
 * which may run in a process with no bus): the list of clubs is kept for a short time, and
 * dropped with the competitions' lists (reads.ts). A copy of a competition inside an event's
 * payload keeps its `eventCount` until the competition itself changes: no page reads it
 * there, and dropping every event of a meet at each result would cost a database read per
 * event page per result.
 */
export const tags = {
  /** One event's payload (or that the public cannot see it). */
  event: (id: string) => `event:${id}`,
  /** The list of a competition's public events. */
  eventsOf: (competitionUic: number) => `events-of:${competitionUic}`,
  /** The list of every public event. */
  allEvents: 'events',
  /**
   * What a competition's results make (its team tables): stale with any change of an event
   * but its scoreboard lines, which never change results.
   */
  resultsOf: (competitionUic: number) => `results-of:${competitionUic}`,
  /** What shows a competition's count of public events. */
  eventCount: (competitionUic: number) => `event-count:${competitionUic}`,
  /** What shows a competition's fields, or depends on whether the public may see it. */
  competition: (competitionUic: number) => `competition:${competitionUic}`,
  /** Which competitions the public may see, and how they sort: every list of competitions. */
  competitions: 'competitions',
  /**
   * The athletes' pages, dropped by the node that merges, splits or hides one (no bus message
   * carries those: the other nodes' copies go after their short life, reads.ts).
   */
  athletes: 'athletes',
};

/** The tags a message makes stale; none for messages that change no public payload. */
export function staleTags(message: LiveMessage): string[] {
  switch (message.name) {
    case 'event.live':
      return eventTags(message.payload.event.id, message.payload.event.competitionUic);
    case 'event.changed': {
      const { id, competitionUic } = message.payload.event;
      return [...eventTags(id, competitionUic), tags.resultsOf(competitionUic)];
    }
    case 'event.outdated':
    case 'event.removed': {
      const { eventId, competitionUic } = message.payload;
      return [...eventTags(eventId, competitionUic), tags.resultsOf(competitionUic)];
    }
    case 'competition.changed':
      return [tags.competition(message.payload.competition.uic), tags.competitions];
    default:
      return [];
  }
}

/** An event added, changed or gone: its payload, its competition's lists and event count. */
function eventTags(id: string, competitionUic: number): string[] {
  return [
    tags.event(id),
    tags.eventsOf(competitionUic),
    tags.allEvents,
    tags.eventCount(competitionUic),
  ];
}
