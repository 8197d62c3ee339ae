import type { LiveMessage } from '../../shared/live/messages.ts';
import { competitionRoom, eventRoom } from '../../shared/live/protocol.ts';

/**
 * Where a bus message goes, for Socket.IO (hub.ts) and the open feed (feed/hub.ts) alike:
 * the key it is coalesced under, its version when it changes what a read answers, and its
 * competition when it belongs to one.
 */
export interface Route {
  key: string;
  version?: number;
  competitionUic?: number;
}

export function routeOf(message: LiveMessage): Route {
  switch (message.name) {
    // An event's lines share its key: a burst of lines and whole events is coalesced as one.
    case 'event.changed':
    case 'event.live': {
      const { event, version } = message.payload;
      return { key: eventRoom(event.id), version, competitionUic: event.competitionUic };
    }
    case 'event.removed':
    case 'event.outdated': {
      const { eventId, version, competitionUic } = message.payload;
      return { key: eventRoom(eventId), version, competitionUic };
    }
    case 'competition.changed': {
      const { competition, version } = message.payload;
      return { key: competitionRoom(competition.uic), version, competitionUic: competition.uic };
    }
    // A clock's tick changes no read: no version.
    case 'event.clock': {
      const { eventId, competitionUic } = message.payload;
      return { key: `clock:${eventId}`, competitionUic };
    }
    case 'upload.status':
      return { key: `upload:${message.payload.uploadId}` };
    case 'agent.status':
      return { key: `agent:${message.payload.tokenId}` };
    case 'session.ended':
      return { key: `session:${message.payload.sessionHashes.join(',')}` };
  }
}
