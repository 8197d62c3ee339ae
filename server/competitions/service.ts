import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { CompetitionsTable } from '../db/types.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { NotFound } from '../errors.ts';
import { findCompetition, findPublicCompetition } from './queries.ts';

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
 * competition, or (once, when it stops being public) the same payload marked not visible.
 */
async function competitionMessage(
  trx: Db,
  uic: number,
  wasPublic: boolean,
): Promise<LiveMessage | null> {
  const competition = await findPublicCompetition(trx, uic);
  if (competition) {
    return { name: 'competition.changed', payload: { competition, version: competition.version } };
  }
  if (!wasPublic) return null;
  const hidden = await findCompetition(trx, uic);
  if (!hidden) return null;
  return {
    name: 'competition.changed',
    payload: { competition: { ...hidden, visible: false }, version: hidden.version },
  };
}

export async function createCompetition(
  deps: ChangeDeps,
  clubUic: number,
  fields: NewCompetitionFields,
): Promise<SavedCompetition> {
  const { saved, message } = await deps.db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('competitions')
      .values({ ...fields, clubUic })
      .returning(['uic', 'clubUic', 'version'])
      .executeTakeFirstOrThrow();
    return { saved, message: await competitionMessage(trx, saved.uic, false) };
  });
  if (message) deps.bus.publish(message);
  return saved;
}

/** Saves the given fields; the version goes up by one in the same transaction. */
export async function updateCompetition(
  deps: ChangeDeps,
  uic: number,
  fields: CompetitionFields,
): Promise<SavedCompetition> {
  const { saved, message } = await deps.db.transaction().execute(async (trx) => {
    const wasPublic = (await findPublicCompetition(trx, uic)) !== undefined;
    const saved = await trx
      .updateTable('competitions')
      .set({ ...fields, version: sql<number>`version + 1`, updatedAt: sql`now()` })
      .where('uic', '=', uic)
      .returning(['uic', 'clubUic', 'version'])
      .executeTakeFirst();
    if (!saved) throw new NotFound('Competition not found');
    return { saved, message: await competitionMessage(trx, uic, wasPublic) };
  });
  if (message) deps.bus.publish(message);
  return saved;
}
