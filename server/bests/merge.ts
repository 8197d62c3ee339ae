import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { Invalid, NotFound } from '../errors.ts';

export const SAME_ATHLETE = 'These are already one athlete.';
export const NOT_MERGED = 'This athlete was not merged into another.';

/**
 * An athlete a club admin may join up or split: one with a result in a competition of one of
 * their clubs. Answers the athlete as stored (its own merge included).
 */
async function clubsAthlete(db: Db, user: SessionUser, id: string) {
  const athlete = await db
    .selectFrom('athletes')
    .select(['id', 'mergedInto'])
    .where('id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('performances')
          .innerJoin('competitions', 'competitions.uic', 'performances.competitionUic')
          .innerJoin('athletes as own', 'own.id', 'performances.athleteId')
          .select('performances.eventId')
          .where(sql<boolean>`(own.id = athletes.id or own.merged_into = athletes.id)`)
          .where('competitions.clubUic', 'in', user.clubUics),
      ),
    )
    .executeTakeFirst();
  if (!athlete) throw new NotFound('Athlete not found');
  return athlete;
}

/**
 * Two athletes the rule told apart are one person (a married name, a club written two ways):
 * `id` and everyone merged into it become `into`'s. Their results, bests and page are one
 * from then on; flags already published stay as they landed.
 */
export async function mergeAthletes(
  db: Db,
  user: SessionUser,
  id: string,
  into: string,
): Promise<{ id: string }> {
  const from = await clubsAthlete(db, user, id);
  const target = await clubsAthlete(db, user, into);
  const root = target.mergedInto ?? target.id;
  const moved = from.mergedInto ?? from.id;
  if (moved === root) throw new Invalid(SAME_ATHLETE);
  await db
    .updateTable('athletes')
    .set({ mergedInto: root })
    .where((eb) => eb.or([eb('id', '=', moved), eb('mergedInto', '=', moved)]))
    .execute();
  return { id: root };
}

/** A wrong merge undone: the athlete stands alone again, with their own results. */
export async function splitAthlete(db: Db, user: SessionUser, id: string): Promise<{ id: string }> {
  const athlete = await clubsAthlete(db, user, id);
  if (athlete.mergedInto === null) throw new Invalid(NOT_MERGED);
  await db.updateTable('athletes').set({ mergedInto: null }).where('id', '=', id).execute();
  return { id };
}
