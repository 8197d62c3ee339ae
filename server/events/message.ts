import type { Db } from '../db/connect.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { compactEvent, linesEvent } from '../../shared/live/pushedEvent.ts';
import { findPublicEvent } from './queries.ts';
import { recordVersion } from './history.ts';

export interface SavedEvent {
  id: string;
  competitionUic: number;
  version: number;
}

/**
 * What spectators are told about the event after a change, read inside the transaction so
 * payload and version agree: the public event, its removal, or nothing when the public
 * neither sees it now nor saw it before. Every announced change to an event passes here, so
 * this is where the version spectators are shown is kept, first, for the payload to carry it
 * (history.ts).
 */
export async function eventMessage(
  trx: Db,
  saved: SavedEvent,
  wasPublic: boolean,
): Promise<LiveMessage | null> {
  await recordVersion(trx, saved.id);
  const event = await findPublicEvent(trx, saved.id);
  if (event) {
    const payload = {
      event: compactEvent(event),
      competitionVersion: event.competition.version,
      version: event.version,
    };
    return { name: 'event.changed', payload };
  }
  if (!wasPublic) return null;
  return {
    name: 'event.removed',
    payload: { eventId: saved.id, competitionUic: saved.competitionUic, version: saved.version },
  };
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
