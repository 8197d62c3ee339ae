import type { Db } from '../db/connect.ts';
import type { CombinedKind, CombinedSex } from '../../shared/athletics/combined/points.ts';

export async function insertCombinedEvent(
  trx: Db,
  values: {
    competitionUic: number;
    name: string;
    kind: CombinedKind;
    sex: CombinedSex;
    autoKey: string | null;
  },
  eventIds: readonly string[],
): Promise<string> {
  const { id } = await trx
    .insertInto('combinedEvents')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  await addParts(trx, id, eventIds);
  return id;
}

export async function addParts(trx: Db, combinedId: string, eventIds: readonly string[]) {
  if (eventIds.length === 0) return;
  await trx
    .insertInto('combinedEventParts')
    .values(eventIds.map((eventId) => ({ combinedId, eventId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The competition's combined events with their part events' ids. */
export async function combinedEventsOf(db: Db, competitionUic: number) {
  const groups = await db
    .selectFrom('combinedEvents')
    .select(['id', 'competitionUic', 'name', 'kind', 'sex', 'autoKey'])
    .where('competitionUic', '=', competitionUic)
    .orderBy('createdAt')
    .execute();
  const parts =
    groups.length === 0
      ? []
      : await db
          .selectFrom('combinedEventParts')
          .select(['combinedId', 'eventId'])
          .where(
            'combinedId',
            'in',
            groups.map((g) => g.id),
          )
          .execute();
  return groups.map((group) => ({
    ...group,
    eventIds: parts.filter((p) => p.combinedId === group.id).map((p) => p.eventId),
  }));
}
export type StoredCombinedEvent = Awaited<ReturnType<typeof combinedEventsOf>>[number];

/** The competition a combined event belongs to; undefined when there is none with that id. */
export async function combinedCompetition(db: Db, id: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('combinedEvents')
    .select('competitionUic')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.competitionUic;
}
