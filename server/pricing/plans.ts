import type { Kysely } from 'kysely';
import type { FeatureAlias } from '../../shared/schemas/enums.ts';
import type { Database } from '../db/types.ts';

/**
 * The price plans: prices, checklists, and the features each plan unlocks.
 * They are product data, not user data: `ensurePricePlans` writes them at every start so the
 * database always matches this file.
 */

export const RECREATIONAL_PLAN = 'Recreational';
export const CLUB_PLAN = 'Club';
export const PERFORMANCE_PLAN = 'Performance';
export const CUSTOM_PLAN = 'Custom';

export const planNames = [RECREATIONAL_PLAN, CLUB_PLAN, PERFORMANCE_PLAN, CUSTOM_PLAN] as const;
export type PlanName = (typeof planNames)[number];

/** The competitions a club on the limited (Recreational) plan may have. */
export const RECREATIONAL_COMPETITION_LIMIT = 3;

/** Every plan's checklist, in display order. */
export const featureNames = [
  'Timetable',
  'Startlist',
  'Results',
  'Head on camera image',
  'Hyperlink Athlete Profile',
  'Feature Requests',
  'Registration link',
  'Reaction Time',
  'Wind Speed',
  'Result book',
  'Free feature updates',
  'Adverts',
  'Free Renewal Required',
] as const;
/** Listed on the Recreational plan only, after the others. */
export const LIMITED_FEATURE = 'Limited to 3 competitions';

export type FeatureName = (typeof featureNames)[number] | typeof LIMITED_FEATURE;

/** The features the product gates on; every other feature is informational. */
export const featureAliasByName: Partial<Record<FeatureName, FeatureAlias>> = {
  Timetable: 'timetable',
  'Wind Speed': 'wind_speed',
  'Head on camera image': 'head_on_camera_image',
  [LIMITED_FEATURE]: 'limited_to_3_competitions',
};

export interface PlanFeature {
  name: FeatureName;
  alias: FeatureAlias | null;
  included: boolean;
}

export interface PricePlanDefinition {
  name: PlanName;
  tier: string;
  /** 'Free' and 'Custom' drive the pricing card's button; anything else is a paid plan. */
  price: string;
  priceNote: string | null;
  /** Shown as 'Most Popular', with the commitment note. */
  highlight: boolean;
  commitmentMonths: number | null;
  competitionLimit: number | null;
  advertsText: string | null;
  renewalText: string | null;
  /** Every feature of the checklist, in display order. */
  features: PlanFeature[];
}

/** The drawbacks of the free plan: in every checklist, included only where they apply. */
const drawbacks: ReadonlySet<FeatureName> = new Set<FeatureName>([
  'Adverts',
  'Free Renewal Required',
]);

/** The checklist with `included` names ticked; the limit line is added where it applies. */
function checklist(included: readonly FeatureName[], limited = false): PlanFeature[] {
  const names: FeatureName[] = limited ? [...featureNames, LIMITED_FEATURE] : [...featureNames];
  return names.map((name) => ({
    name,
    alias: featureAliasByName[name] ?? null,
    included: included.includes(name),
  }));
}

/** All features a paying club gets: everything except the free plan's drawbacks. */
const paidFeatures: FeatureName[] = featureNames.filter((name) => !drawbacks.has(name));

export const pricePlans: readonly PricePlanDefinition[] = [
  {
    name: RECREATIONAL_PLAN,
    tier: 'Starter',
    price: 'Free',
    priceNote: 'Free forever',
    highlight: false,
    commitmentMonths: null,
    competitionLimit: RECREATIONAL_COMPETITION_LIMIT,
    advertsText: 'Adverts are shown on your results pages',
    renewalText: 'Renew for free every 12 months',
    // No timetable, wind or photo-finish: the gated features stay visibly locked.
    features: checklist(
      [
        'Startlist',
        'Results',
        'Registration link',
        'Reaction Time',
        'Free feature updates',
        'Adverts',
        'Free Renewal Required',
        LIMITED_FEATURE,
      ],
      true,
    ),
  },
  {
    name: CLUB_PLAN,
    tier: 'Club',
    price: '€249',
    priceNote: 'per year, 1 year commitment',
    highlight: true,
    commitmentMonths: 12,
    competitionLimit: null,
    advertsText: null,
    renewalText: null,
    features: checklist(paidFeatures),
  },
  {
    name: PERFORMANCE_PLAN,
    tier: 'Pro',
    price: '€39',
    priceNote: 'per month, cancel anytime',
    highlight: false,
    commitmentMonths: null,
    competitionLimit: null,
    advertsText: null,
    renewalText: null,
    features: checklist(paidFeatures),
  },
  {
    name: CUSTOM_PLAN,
    tier: 'Enterprise',
    price: 'Custom',
    priceNote: 'Tailored to your federation or series',
    highlight: false,
    commitmentMonths: null,
    competitionLimit: null,
    advertsText: null,
    renewalText: null,
    features: checklist(paidFeatures),
  },
];

/**
 * Writes the plans: inserts missing ones, updates existing ones by name and replaces their
 * features, in one transaction. Safe to run at every start, also on several nodes at once
 * (the upsert locks each plan row until the transaction commits). Plans no longer listed here
 * are left alone: clubs may still reference them.
 */
export async function ensurePricePlans(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [planIndex, plan] of pricePlans.entries()) {
      const values = {
        name: plan.name,
        tier: plan.tier,
        price: plan.price,
        priceNote: plan.priceNote,
        highlight: plan.highlight,
        commitmentMonths: plan.commitmentMonths,
        competitionLimit: plan.competitionLimit,
        advertsText: plan.advertsText,
        renewalText: plan.renewalText,
        sortOrder: planIndex,
      };
      const { id } = await trx
        .insertInto('packages')
        .values(values)
        .onConflict((oc) =>
          oc.column('name').doUpdateSet({
            tier: values.tier,
            price: values.price,
            priceNote: values.priceNote,
            highlight: values.highlight,
            commitmentMonths: values.commitmentMonths,
            competitionLimit: values.competitionLimit,
            advertsText: values.advertsText,
            renewalText: values.renewalText,
            sortOrder: values.sortOrder,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();

      await trx.deleteFrom('packageFeatures').where('packageId', '=', id).execute();
      await trx
        .insertInto('packageFeatures')
        .values(
          plan.features.map((feature, featureIndex) => ({
            packageId: id,
            name: feature.name,
            alias: feature.alias,
            included: feature.included,
            sortOrder: featureIndex,
          })),
        )
        .execute();
    }
  });
}
