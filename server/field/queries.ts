import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { FieldTrialsTable } from '../db/types.ts';
import type { FieldSettings } from '../../shared/athletics/field/card.ts';

// The field card's own tables (migrations/0012_field_card.ts): nothing else reads them.

export type TrialRow = Selectable<FieldTrialsTable>;

export function cardOf(db: Db, eventId: string) {
  return db
    .selectFrom('fieldCards')
    .select(['settings', 'completedAt'])
    .where('eventId', '=', eventId)
    .executeTakeFirst();
}

export async function saveCard(
  db: Db,
  eventId: string,
  card: { settings: FieldSettings; completed?: boolean },
): Promise<void> {
  const settings = JSON.stringify(card.settings);
  const completedAt = card.completed ? sql<Date>`now()` : undefined;
  await db
    .insertInto('fieldCards')
    .values({ eventId, settings, ...(completedAt && { completedAt }) })
    .onConflict((oc) =>
      oc.column('eventId').doUpdateSet({ settings, ...(completedAt && { completedAt }) }),
    )
    .execute();
}

export function entriesOf(db: Db, eventId: string) {
  return db
    .selectFrom('fieldEntries')
    .select(['bib', 'name', 'club', 'flight'])
    .where('eventId', '=', eventId)
    .orderBy('createdAt')
    .execute();
}

export async function insertEntry(
  db: Db,
  entry: { eventId: string; bib: string; name: string; club: string | null; flight: number },
): Promise<void> {
  await db.insertInto('fieldEntries').values(entry).execute();
}

/** The event's trials not removed, in the order they were entered. */
export function trialsOf(db: Db, eventId: string): Promise<TrialRow[]> {
  return db
    .selectFrom('fieldTrials')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('deletedAt', 'is', null)
    .orderBy('seq')
    .execute();
}

/** A trial by its id, removed or not. */
export function trialById(db: Db, id: string): Promise<TrialRow | undefined> {
  return db.selectFrom('fieldTrials').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTrial(
  db: Db,
  trial: Omit<TrialRow, 'seq' | 'enteredAt' | 'correctedAt' | 'deletedAt' | 'request'> & {
    request: unknown;
  },
): Promise<TrialRow> {
  return db
    .insertInto('fieldTrials')
    .values({ ...trial, request: JSON.stringify(trial.request) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function correctTrial(db: Db, id: string, change: { mark: string; wind: string | null }) {
  return db
    .updateTable('fieldTrials')
    .set({ ...change, correctedAt: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function removeTrial(db: Db, id: string): Promise<void> {
  await db
    .updateTable('fieldTrials')
    .set({ deletedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Trials entered per event, for the list of a competition's field events. */
export async function trialCounts(db: Db, eventIds: readonly string[]) {
  if (eventIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('fieldTrials')
    .select(['eventId', (eb) => eb.fn.countAll<string>().as('count')])
    .where('eventId', 'in', eventIds)
    .where('deletedAt', 'is', null)
    .groupBy('eventId')
    .execute();
  return new Map(rows.map((row) => [row.eventId, Number(row.count)]));
}

/** Which of these events' cards the judge has ended. */
export async function completedCards(db: Db, eventIds: readonly string[]) {
  if (eventIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('fieldCards')
    .select('eventId')
    .where('eventId', 'in', eventIds)
    .where('completedAt', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.eventId));
}
