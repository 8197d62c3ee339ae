import { useQuery } from '@tanstack/react-query';
import type { FeatureAlias } from '../../../shared/domain.ts';
import { includedAliases } from '../../../shared/planGating.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';

export function useAdminClubs() {
  return useQuery({ queryKey: adminKeys.clubs, queryFn: adminApi.clubs });
}

export function useAdminCompetitions() {
  return useQuery({ queryKey: adminKeys.competitions, queryFn: adminApi.competitions });
}

export function useAdminEvents(competitionUic: number | null) {
  return useQuery({
    queryKey: adminKeys.events(competitionUic ?? 0),
    queryFn: () => adminApi.events(competitionUic ?? 0),
    enabled: competitionUic !== null,
  });
}

const NONE: ReadonlySet<FeatureAlias> = new Set();

/**
 * The plan features of the selected club's package. `ready` is false until they are known:
 * gated controls stay locked meanwhile rather than flash open.
 */
export function usePlanFeatures(packageId: number | null): {
  aliases: ReadonlySet<FeatureAlias>;
  ready: boolean;
} {
  const features = useQuery({
    queryKey: adminKeys.features(packageId ?? 0),
    queryFn: () => adminApi.features(packageId ?? 0),
    enabled: packageId !== null,
    select: includedAliases,
  });
  if (packageId === null) return { aliases: NONE, ready: true };
  return { aliases: features.data ?? NONE, ready: features.isSuccess };
}
