import type { FeatureAlias } from './domain.ts';

/**
 * Plan gating: which feature alias unlocks what, and the words a user sees
 * when it is locked. The server refuses the call with the same words the admin shows.
 */
export const gatedFeatureLabels: Record<
  Exclude<FeatureAlias, 'limited_to_3_competitions'>,
  string
> = {
  timetable: 'timetable uploads',
  wind_speed: 'wind speed editing',
  head_on_camera_image: 'photo-finish PDF uploads',
};

export function featureBlockedMessage(
  alias: Exclude<FeatureAlias, 'limited_to_3_competitions'>,
): string {
  return `This feature is not available with your current subscription plan. Upgrade your plan to enable ${gatedFeatureLabels[alias]}.`;
}

export const COMPETITION_LIMIT = 3;
export const COMPETITION_LIMIT_TITLE = 'Competition Limit Reached';
export const COMPETITION_LIMIT_TEXT =
  'Your current subscription allows up to 3 competitions. Upgrade your plan to add more competitions.';
export const COMPETITION_LIMIT_MESSAGE = `${COMPETITION_LIMIT_TITLE} - ${COMPETITION_LIMIT_TEXT}`;

/** The features of a plan, as GET /api/admin/features lists them, keyed by alias. */
export function includedAliases(
  features: readonly { alias: FeatureAlias | null; included: boolean }[],
): Set<FeatureAlias> {
  return new Set(features.filter((f) => f.included && f.alias).map((f) => f.alias as FeatureAlias));
}

/** Whether the club may add a competition: only the limited plan stops at three. */
export function canAddCompetition(aliases: ReadonlySet<FeatureAlias>, total: number): boolean {
  return !aliases.has('limited_to_3_competitions') || total < COMPETITION_LIMIT;
}
