import type { Db } from '../../db/connect.ts';
import type { ProgressionRule } from '../../../shared/schemas/event.ts';

export interface StoredRule extends ProgressionRule {
  /** What the round's heats were last told (advance.ts); null before they were. */
  told: string | null;
}

/** A competition's round rules, by round key; empty for most meets. */
export async function roundRulesOf(db: Db, competitionUic: number) {
  const rows = await db
    .selectFrom('roundRules')
    .select(['roundKey', 'byPlace', 'byTime', 'told'])
    .where('competitionUic', '=', competitionUic)
    .execute();
  return new Map<string, StoredRule>(rows.map(({ roundKey, ...rule }) => [roundKey, rule]));
}

/** Sets the round's rule; its heats are to be told again. */
export async function saveRoundRule(
  trx: Db,
  competitionUic: number,
  roundKey: string,
  rule: ProgressionRule,
): Promise<void> {
  const values = { ...rule, told: null };
  await trx
    .insertInto('roundRules')
    .values({ competitionUic, roundKey, ...values })
    .onConflict((oc) => oc.columns(['competitionUic', 'roundKey']).doUpdateSet(values))
    .execute();
}

export async function deleteRoundRule(trx: Db, competitionUic: number, roundKey: string) {
  await trx
    .deleteFrom('roundRules')
    .where('competitionUic', '=', competitionUic)
    .where('roundKey', '=', roundKey)
    .execute();
}

export async function saveTold(trx: Db, competitionUic: number, roundKey: string, told: string) {
  await trx
    .updateTable('roundRules')
    .set({ told })
    .where('competitionUic', '=', competitionUic)
    .where('roundKey', '=', roundKey)
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
      'status',
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

/** The heats' results as they stand. */
export async function heatResults(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('events')
    .select(['id', 'heat', 'status', 'results'])
    .where('id', 'in', ids)
    .execute();
}

/** The events' start lists, for the draw to leave an unchanged one unwritten. */
export async function startListsOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, unknown>();
  const rows = await db
    .selectFrom('events')
    .select(['id', 'startListFile'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.startListFile]));
}
