import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { CompetitionsTable } from '../db/types.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import { NotFound } from '../errors.ts';
import { commitThenPublish, resolveChange, type Change } from '../live/commit.ts';
import { findPublicCompetition } from './queries.ts';

/** Competition fields a change may set (the club is fixed once created). */
export type CompetitionFields = Omit<
  Updateable<CompetitionsTable>,
  'uic' | 'clubUic' | 'version' | 'createdAt' | 'updatedAt'
>;

export type NewCompetitionFields = CompetitionFields &
  Required<Pick<CompetitionFields, 'competitionName'>>;

export interface SavedCompetition {
  uic: number;
  clubUic: number;
  version: number;
}

/**
 * What spectators are told after a change, read inside the transaction: the public
 * competition, or (once, when it stops being public) what they saw before, marked not
 * visible at the new version. Edits saved along with hiding it never reach the public.
 */
export async function competitionMessage(
  trx: Db,
  saved: SavedCompetition,
  before: Competition | undefined,
): Promise<LiveMessage | null> {
  const competition = await findPublicCompetition(trx, saved.uic);
  if (competition) {
    return { name: 'competition.changed', payload: { competition, version: competition.version } };
  }
  if (!before) return null;
  const hidden = { ...before, visible: false, version: saved.version };
  return { name: 'competition.changed', payload: { competition: hidden, version: saved.version } };
}

export async function createCompetition(
  deps: ChangeDeps,
  clubUic: number,
  change: Change<NewCompetitionFields>,
): Promise<SavedCompetition> {
  return commitThenPublish(deps, async (trx) => {
    const fields = await resolveChange(change, trx);
    const saved = await trx
      .insertInto('competitions')
      .values({ ...fields, clubUic })
      .returning(['uic', 'clubUic', 'version'])
      .executeTakeFirstOrThrow();
    return { result: saved, message: await competitionMessage(trx, saved, undefined) };
  });
}

/** Saves the given fields; the version goes up by one in the same transaction. */
export async function updateCompetition(
  deps: ChangeDeps,
  uic: number,
  change: Change<CompetitionFields>,
): Promise<SavedCompetition> {
  return commitThenPublish(deps, async (trx) => {
    const before = await findPublicCompetition(trx, uic);
    const fields = await resolveChange(change, trx);
    const saved = await trx
      .updateTable('competitions')
      .set({ ...fields, version: sql<number>`version + 1`, updatedAt: sql`now()` })
      .where('uic', '=', uic)
      .returning(['uic', 'clubUic', 'version'])
      .executeTakeFirst();
    if (!saved) throw new NotFound('Competition not found');
    return { result: saved, message: await competitionMessage(trx, saved, before) };
  });
}

/**
 * Stores a parsed timetable on its competition inside a transaction the caller commits:
 * returns what spectators are to be told once it has.
 */
export async function saveTimetableFile(
  trx: Db,
  uic: number,
  file: Pick<CompetitionFields, 'timeTableType' | 'timeTableFileName' | 'timeTableFile'>,
): Promise<LiveMessage | null> {
  const before = await findPublicCompetition(trx, uic);
  const saved = await trx
    .updateTable('competitions')
    .set({ ...file, version: sql<number>`version + 1`, updatedAt: sql`now()` })
    .where('uic', '=', uic)
    .returning(['uic', 'clubUic', 'version'])
    .executeTakeFirstOrThrow();
  return competitionMessage(trx, saved, before);
}

/**
 * Takes the competition for the rest of the transaction: uploads to one competition are
 * applied one after the other, so each sees every race the one before it saved when it tells
 * rounds and heats from the whole meet (two batches at once on PostgreSQL would otherwise each
 * count the heats without the other's).
 */
export async function lockCompetition(trx: Db, uic: number): Promise<void> {
  await trx.selectFrom('competitions').select('uic').where('uic', '=', uic).forUpdate().execute();
}
