import type { Db } from '../../db/connect.ts';
import type { ProgressionRule } from '../../../shared/schemas/event.ts';

/** A competition's round rules, by round key; empty for most meets. */
export async function roundRulesOf(db: Db, competitionUic: number) {
  const rows = await db
    .selectFrom('roundRules')
    .select(['roundKey', 'byPlace', 'byTime'])
    .where('competitionUic', '=', competitionUic)
    .execute();
  return new Map<string, ProgressionRule>(
    rows.map(({ roundKey, byPlace, byTime }) => [roundKey, { byPlace, byTime }]),
  );
}

export async function saveRoundRule(
  trx: Db,
  competitionUic: number,
  roundKey: string,
  rule: ProgressionRule,
): Promise<void> {
  await trx
    .insertInto('roundRules')
    .values({ competitionUic, roundKey, ...rule })
    .onConflict((oc) => oc.columns(['competitionUic', 'roundKey']).doUpdateSet(rule))
    .execute();
}

/** What tells a competition's events into races and rounds, without their rows. */
export async function roundMembers(db: Db, competitionUic: number) {
  return db
    .selectFrom('events')
    .select([
      'id',
      'eventName',
      'eventType',
      'round',
      'heat',
      'heatCount',
      'lynxRace',
      'lynxFamily',
      'visible',
      'trackDiscipline',
      'startListDrawn',
    ])
    .select((eb) => eb.fn<number>('jsonb_array_length', ['startListFile']).as('startListCount'))
    .where('competitionUic', '=', competitionUic)
    .execute();
}
export type RoundMemberRow = Awaited<ReturnType<typeof roundMembers>>[number];

/** The heats' results as the public sees them: rows only where results are shown. */
export async function heatResults(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('events')
    .select(['id', 'heat', 'status', 'results'])
    .where('id', 'in', ids)
    .execute();
}
