import type { ChangeDeps } from '../runtime.ts';
import { NotFound } from '../errors.ts';
import { commitThenPublish, resolveChange, type Change } from '../live/commit.ts';
import { isEventId } from './queries.ts';
import type { SavedEvent } from './message.ts';
import { EventChanges } from './changes.ts';
import type { EventFields, NewEventFields } from './columns.ts';

export type { EventFields, NewEventFields } from './columns.ts';
export { checkRowCap, RowCapExceeded } from './columns.ts';
export type { SavedEvent } from './message.ts';

/** A new event, announced once its transaction commits. */
export async function createEvent(
  deps: ChangeDeps,
  competitionUic: number,
  change: Change<NewEventFields>,
): Promise<SavedEvent> {
  return commitThenPublish(deps, async (trx) => {
    const changes = new EventChanges(trx);
    const saved = await changes.insert(competitionUic, await resolveChange(change, trx));
    return { result: saved, message: await changes.messages() };
  });
}

/**
 * Saves the given fields; the event's version goes up by one in the same transaction. What
 * spectators are told goes through EventChanges, so a timed final's other sections, whose
 * overall ranking this event is part of, are told too.
 */
export async function updateEvent(
  deps: ChangeDeps,
  id: string,
  change: Change<EventFields>,
): Promise<SavedEvent> {
  if (!isEventId(id)) throw new NotFound('Event not found');
  return commitThenPublish(deps, async (trx) => {
    const changes = new EventChanges(trx);
    const saved = await changes.write(id, await resolveChange(change, trx));
    if (!saved) throw new NotFound('Event not found');
    return { result: saved, message: await changes.messages() };
  });
}

export async function deleteEvent(deps: ChangeDeps, id: string): Promise<void> {
  if (!isEventId(id)) throw new NotFound('Event not found');
  await commitThenPublish(deps, async (trx) => {
    const changes = new EventChanges(trx);
    if (!(await changes.remove(id))) throw new NotFound('Event not found');
    return { result: undefined, message: await changes.messages() };
  });
}
