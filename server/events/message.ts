import type { Db } from '../db/connect.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { compactEvent, linesEvent } from '../../shared/live/pushedEvent.ts';
import { publicEvents, type PublicEventRow } from './queries.ts';
import { lastCorrected, recordVersion } from './history.ts';
import type { KnownRounds } from './rounds/progression.ts';

export interface SavedEvent {
  id: string;
  competitionUic: number;
  version: number;
}

/**
 * One event as a change left it, and whether the public saw it before: its row after its
 * last write (returned by the write, or read once), or its removal at the version after its
 * last.
 */
export type Announced = { wasPublic: boolean } & (
  { row: PublicEventRow } | { removed: SavedEvent }
);

/**
 * What spectators are told about each event after a change, made inside the transaction so
 * payload and version agree: the public event, its removal, or nothing when the public
 * neither sees it now nor saw it before; in the order given. Every announced change to an
 * event passes here, so this is where the version spectators are shown is kept, first, for
 * the payload to carry it (history.ts). The rows are the change's own: only each event's
 * last kept version, and each competition with its club and schedule, are read.
 */
export async function eventMessages(
  trx: Db,
  announced: readonly Announced[],
  /** The competitions' rounds the change read already. */
  known?: KnownRounds,
): Promise<LiveMessage[]> {
  const rows: PublicEventRow[] = [];
  for (const change of announced) {
    if (!('row' in change)) continue;
    const { row } = change;
    const kept = await recordVersion(trx, row);
    rows.push({ ...row, correctedAt: lastCorrected(row.correctedAt, kept) });
  }
  const events = await publicEvents(trx, rows, known);
  return announced.flatMap((change): LiveMessage[] => {
    const saved = 'row' in change ? change.row : change.removed;
    const event = events.get(saved.id);
    if (event) {
      const payload = {
        event: compactEvent(event),
        competitionVersion: event.competition.version,
        version: event.version,
      };
      return [{ name: 'event.changed', payload }];
    }
    if (!change.wasPublic) return [];
    const { id: eventId, competitionUic, version } = saved;
    return [{ name: 'event.removed', payload: { eventId, competitionUic, version } }];
  });
}

/**
 * The event without the rows its scoreboard lines never change (`event.live`) in place of
 * the whole event, for a change to its lines alone that raised its version by one from a
 * state the public saw. Anything else (the event gone, or not public) is told as it was.
 */
export function linesMessage(message: LiveMessage | null): LiveMessage | null {
  if (message?.name !== 'event.changed') return message;
  const { event, competitionVersion, version } = message.payload;
  return {
    name: 'event.live',
    payload: { event: linesEvent(event), competitionVersion, since: version - 1, version },
  };
}
