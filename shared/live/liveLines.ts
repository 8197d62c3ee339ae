import type { LiveMessage, LivePayload } from './messages.ts';

/*
 * `event.live`: an event whose scoreboard lines alone changed, pushed without the rows the
 * lines never change (a heat's start list can be hundreds of rows, and the lines change
 * many times a second in a race). The rules by which a page, and a node coalescing a burst,
 * put the event at the lines' version together from one they hold. No zod here: the public
 * pages use it too.
 */

type Lines = Pick<LivePayload<'event.live'>, 'since' | 'version'>;

/**
 * Whether the lines make the event at their version of one held at version `held`: every
 * change since `held` was to its lines alone, so the rows it holds are still the event's.
 */
export const linesApply = (lines: Lines, held: number): boolean =>
  held >= lines.since && held < lines.version;

/** The event at the lines' version: the rows they keep from the one held, the rest theirs. */
export const withLines = <E extends object>(held: E, lines: Partial<E>): E => ({
  ...held,
  ...lines,
});

/**
 * What a node sends for an event when `next` comes while `held` still waits for its turn
 * (server/live/coalescer.ts): `next`, except that lines never stand in for what they leave
 * out. Lines on a whole event waiting make that whole event at the lines' version; lines on
 * lines waiting are the newer lines, for a page holding what either applied to. Lines the
 * waiting message does not lead to (a version between went by unseen here) go as they are:
 * a page they do not apply to asks for the event.
 */
export function coalesced(held: LiveMessage, next: LiveMessage): LiveMessage {
  if (next.name !== 'event.live') return next;
  const lines = next.payload;
  // A duplicate (the outbox delivers at least once) never undoes what waits already.
  const waiting = (held.payload as { version?: number }).version;
  if (waiting !== undefined && lines.version <= waiting) return held;
  if (held.name === 'event.changed' && linesApply(lines, held.payload.version)) {
    const event = withLines(held.payload.event, lines.event);
    const { competitionVersion, version } = lines;
    return { name: 'event.changed', payload: { event, competitionVersion, version } };
  }
  if (held.name === 'event.live' && linesApply(lines, held.payload.version)) {
    const since = Math.min(held.payload.since, lines.since);
    return { name: 'event.live', payload: { ...lines, since } };
  }
  return next;
}
