import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { EventsTable } from '../db/types.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { NotFound } from '../errors.ts';
import { commitThenPublish, resolveChange, type Change } from '../live/commit.ts';
import { findPublicEvent, isEventId, isPublicEvent } from './queries.ts';

/** Event fields a change may set; start lists and results are athlete rows. */
export type EventFields = Omit<
  Updateable<EventsTable>,
  'id' | 'competitionUic' | 'version' | 'createdAt' | 'updatedAt' | 'results' | 'startListFile'
> & { results?: AthleteRow[]; startListFile?: AthleteRow[] };

export type NewEventFields = EventFields &
  Required<Pick<EventFields, 'eventName' | 'eventType'>> & {
    /** The admin form generates ids for new events; otherwise the database does. */
    id?: string;
  };

export interface SavedEvent {
  id: string;
  competitionUic: number;
  version: number;
}

export function columns(fields: EventFields) {
  const { results, startListFile, ...rest } = fields;
  return {
    ...rest,
    ...(results !== undefined ? { results: JSON.stringify(results) } : {}),
    ...(startListFile !== undefined ? { startListFile: JSON.stringify(startListFile) } : {}),
  };
}

/**
 * What spectators are told about the event after a change, read inside the transaction so
 * payload and version agree: the public event, its removal, or nothing when the public
 * neither sees it now nor saw it before.
 */
export async function eventMessage(
  trx: Db,
  saved: SavedEvent,
  wasPublic: boolean,
): Promise<LiveMessage | null> {
  const event = await findPublicEvent(trx, saved.id);
  if (event) return { name: 'event.changed', payload: { event, version: event.version } };
  if (!wasPublic) return null;
  return {
    name: 'event.removed',
    payload: { eventId: saved.id, competitionUic: saved.competitionUic, version: saved.version },
  };
}

export async function createEvent(
  deps: ChangeDeps,
  competitionUic: number,
  change: Change<NewEventFields>,
): Promise<SavedEvent> {
  return commitThenPublish(deps, async (trx) => {
    const fields = await resolveChange(change, trx);
    const { eventName, eventType, ...rest } = fields;
    const saved = await trx
      .insertInto('events')
      .values({ ...columns(rest), competitionUic, eventName, eventType })
      .returning(['id', 'competitionUic', 'version'])
      .executeTakeFirstOrThrow();
    return { result: saved, message: await eventMessage(trx, saved, false) };
  });
}

/**
 * Writes fields of an event inside a transaction the caller commits and announces (through
 * EventChanges): the version goes up by one with every write.
 */
export async function writeEvent(trx: Db, id: string, fields: EventFields): Promise<void> {
  await trx
    .updateTable('events')
    .set({ ...columns(fields), version: sql<number>`version + 1`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Creates an event inside a transaction the caller commits and announces. */
export async function insertEvent(
  trx: Db,
  competitionUic: number,
  fields: Omit<NewEventFields, 'id'>,
): Promise<string> {
  const { eventName, eventType, ...rest } = fields;
  const saved = await trx
    .insertInto('events')
    .values({ ...columns(rest), competitionUic, eventName, eventType })
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

/** Saves the given fields; the event's version goes up by one in the same transaction. */
export async function updateEvent(
  deps: ChangeDeps,
  id: string,
  change: Change<EventFields>,
): Promise<SavedEvent> {
  if (!isEventId(id)) throw new NotFound('Event not found');
  return commitThenPublish(deps, async (trx) => {
    const wasPublic = await isPublicEvent(trx, id);
    const fields = await resolveChange(change, trx);
    const saved = await trx
      .updateTable('events')
      .set({ ...columns(fields), version: sql<number>`version + 1`, updatedAt: sql`now()` })
      .where('id', '=', id)
      .returning(['id', 'competitionUic', 'version'])
      .executeTakeFirst();
    if (!saved) throw new NotFound('Event not found');
    return { result: saved, message: await eventMessage(trx, saved, wasPublic) };
  });
}

export async function deleteEvent(deps: ChangeDeps, id: string): Promise<void> {
  if (!isEventId(id)) throw new NotFound('Event not found');
  await commitThenPublish(deps, async (trx) => {
    const wasPublic = await isPublicEvent(trx, id);
    const deleted = await trx
      .deleteFrom('events')
      .where('id', '=', id)
      .returning(['id', 'competitionUic', 'version'])
      .executeTakeFirst();
    if (!deleted) throw new NotFound('Event not found');
    // The deletion is a change of its own, one version after the last saved state.
    const removed = { ...deleted, version: deleted.version + 1 };
    return { result: undefined, message: await eventMessage(trx, removed, wasPublic) };
  });
}
