import type { EventSummary, PublicEvent } from '../schemas/event.ts';
import type { PushedLinesEvent } from './pushedEvent.ts';

/**
 * The rules a page follows when a pushed change meets what it already holds. Every event
 * and competition carries a version that goes up with each change; a change older than
 * (or as old as) what the page holds is ignored, whatever order changes arrive in.
 */

interface Versioned {
  version: number;
}

/**
 * The list with `item` in place of the entry `same` finds, or appended when there is
 * none. The list itself is returned when the held entry is as new or newer.
 */
export function upsertByVersion<T extends Versioned>(
  list: readonly T[],
  item: T,
  same: (held: T) => boolean,
): readonly T[] {
  const index = list.findIndex(same);
  if (index === -1) return [...list, item];
  if (list[index]!.version >= item.version) return list;
  return list.map((held, i) => (i === index ? item : held));
}

/** The list without the entry `same` finds, unless that entry is newer than the removal. */
export function removeByVersion<T extends Versioned>(
  list: readonly T[],
  version: number,
  same: (held: T) => boolean,
): readonly T[] {
  const index = list.findIndex(same);
  if (index === -1 || list[index]!.version > version) return list;
  return list.filter((_, i) => i !== index);
}

/** A listing row of an event: the heavy rows and the parents stay out of lists. */
export function eventSummary(event: PublicEvent | PushedLinesEvent): EventSummary {
  const summary: Record<string, unknown> = { ...event };
  delete summary.results;
  delete summary.startListFile;
  delete summary.overall;
  delete summary.live;
  delete summary.correctedAt;
  delete summary.progression;
  delete summary.competition;
  delete summary.club;
  return summary as EventSummary;
}

/**
 * Whether what a page holds is behind a subscription snapshot (key to version): an entry
 * the snapshot has that is missing or older here, or one held here the snapshot lacks
 * (it left the public site while the page was not listening).
 */
export function isBehind(
  held: ReadonlyMap<string, number>,
  snapshot: Readonly<Record<string, number>>,
): boolean {
  for (const [key, version] of Object.entries(snapshot)) {
    const mine = held.get(key);
    if (mine === undefined || mine < version) return true;
  }
  for (const key of held.keys()) if (!(key in snapshot)) return true;
  return false;
}
