import type { Db } from '../db/connect.ts';
import type { FeatureAlias } from '../../shared/schemas/enums.ts';
import { Forbidden } from '../errors.ts';
import type { gatedFeatureLabels } from '../../shared/planGating.ts';
import { COMPETITION_LIMIT_MESSAGE, featureBlockedMessage } from '../../shared/planGating.ts';

/** What a club's plan unlocks: its included feature aliases and its competition limit. */
export interface ClubPlan {
  aliases: ReadonlySet<FeatureAlias>;
  competitionLimit: number | null;
}

export async function clubPlan(db: Db, clubUic: number): Promise<ClubPlan> {
  const pkg = await db
    .selectFrom('clubs')
    .leftJoin('packages', 'packages.id', 'clubs.packageId')
    .select(['packages.id', 'packages.competitionLimit'])
    .where('clubs.uic', '=', clubUic)
    .executeTakeFirst();
  if (!pkg?.id) return { aliases: new Set(), competitionLimit: null };
  const features = await db
    .selectFrom('packageFeatures')
    .select('alias')
    .where('packageId', '=', pkg.id)
    .where('included', '=', true)
    .where('alias', 'is not', null)
    .execute();
  const aliases = new Set(features.map((f) => f.alias as FeatureAlias));
  return {
    aliases,
    competitionLimit: aliases.has('limited_to_3_competitions') ? pkg.competitionLimit : null,
  };
}

/** Refuses the change when the plan lacks the feature, with the words the admin shows. */
export function requireFeature(plan: ClubPlan, alias: keyof typeof gatedFeatureLabels): void {
  if (!plan.aliases.has(alias)) throw new Forbidden(featureBlockedMessage(alias));
}

/**
 * Refuses a new competition beyond the plan's limit. Called inside the creating transaction
 * after the club row is locked, so two saves at once cannot both take the last place.
 */
export async function checkCompetitionLimit(
  db: Db,
  clubUic: number,
  plan: ClubPlan,
): Promise<void> {
  if (plan.competitionLimit === null) return;
  await db.selectFrom('clubs').select('uic').where('uic', '=', clubUic).forUpdate().execute();
  const { count } = await db
    .selectFrom('competitions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('clubUic', '=', clubUic)
    .executeTakeFirstOrThrow();
  if (Number(count) >= plan.competitionLimit) throw new Forbidden(COMPETITION_LIMIT_MESSAGE);
}
