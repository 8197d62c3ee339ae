import type { PublicReads } from '../publicCache/reads.ts';
import { competitionRoom, eventRoom } from '../../shared/live/protocol.ts';

/** What one feed socket follows: a competition, or one of its events. */
export interface FeedScope {
  competitionUic: number;
  eventId?: string;
}

/** The scope a query names, or null when the public cannot see that competition or event. */
export async function resolveScope(
  reads: PublicReads,
  query: { competitionUic?: number; eventId?: string },
): Promise<FeedScope | null> {
  if (query.eventId !== undefined) {
    const event = (await reads.event(query.eventId)).facts;
    return event && { competitionUic: event.competitionUic, eventId: query.eventId };
  }
  const uic = query.competitionUic!;
  return (await reads.competition(uic)).facts === null ? null : { competitionUic: uic };
}

export interface Snapshot {
  /** The `snapshot` message, encoded. */
  frame: Buffer;
  /** The version of everything in it, keyed `competition:{uic}` and `event:{id}`. */
  versions: Record<string, number>;
}

/**
 * A snapshot, or why there is none: the competition (or the event) is no longer public, or
 * the snapshot would be larger than one socket may be sent at once.
 */
export type SnapshotRead = Snapshot | 'not_found' | 'too_large';

const text = (s: string) => Buffer.from(s);
const COMMA = text(',');

/**
 * Everything a scope covers now, from the node's cache: the very bytes GET
 * /api/competitions/{uic} and GET /api/events/{id} answer, put together without parsing.
 * Past `maxBytes` nothing is put together: no copy of a huge competition is ever made.
 */
export async function readSnapshot(
  reads: PublicReads,
  scope: FeedScope,
  maxBytes: number,
): Promise<SnapshotRead> {
  const { competitionUic: uic, eventId } = scope;
  const competition = await reads.competition(uic);
  if (!competition.json || competition.facts === null) return 'not_found';
  const ids =
    eventId === undefined ? (await reads.eventsOf(uic)).facts.map(({ id }) => id) : [eventId];
  const read = await Promise.all(ids.map(async (id) => ({ id, event: await reads.event(id) })));
  const versions: Record<string, number> = { [competitionRoom(uic)]: competition.facts };
  const shown: Buffer[] = [];
  let bytes = competition.json.length;
  for (const { id, event } of read) {
    // One hidden between the list and its read is left out, as the list will leave it.
    if (!event.json || event.facts?.competitionUic !== uic) continue;
    shown.push(event.json);
    bytes += event.json.length + 1;
    versions[eventRoom(id)] = event.facts.version;
  }
  if (eventId !== undefined && shown.length === 0) return 'not_found';
  // The events alone past the limit: nothing is put together.
  if (bytes > maxBytes) return 'too_large';
  const frame = Buffer.concat([
    text('{"type":"snapshot","competition":'),
    competition.json,
    text(',"events":['),
    ...shown.flatMap((json, i) => (i === 0 ? [json] : [COMMA, json])),
    text(`],"versions":${JSON.stringify(versions)}}`),
  ]);
  return frame.length > maxBytes ? 'too_large' : { frame, versions };
}
