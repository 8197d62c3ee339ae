import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../../shared/queryKeys.ts';
import { eventsVersion } from '../../lib/useEstimates.ts';
import type { Competition } from '../../../shared/schemas/competition.ts';
import type { EventSummary } from '../../../shared/schemas/event.ts';

/**
 * What the tables are as of: the competition's events' versions (kept current by its live
 * subscription) and the competition's own (its team settings are saved with it). A change
 * of either asks the server again, which works them out once per change for everyone.
 */
const asOf = (competition: Pick<Competition, 'version'>, events: readonly EventSummary[]) =>
  `${competition.version}|${eventsVersion(events)}`;

export function useTeamScores(
  competition: Pick<Competition, 'uic' | 'version'>,
  events: readonly EventSummary[],
) {
  return useQuery({
    queryKey: queryKeys.teamScores(competition.uic, asOf(competition, events)),
    queryFn: () => api.teamScores(competition.uic),
    // The last tables stay on screen while the next ones load: no flicker at each result.
    placeholderData: keepPreviousData,
  });
}

export function useCombinedEvents(
  competition: Pick<Competition, 'uic' | 'version'>,
  events: readonly EventSummary[],
) {
  return useQuery({
    queryKey: queryKeys.combinedEvents(competition.uic, asOf(competition, events)),
    queryFn: () => api.combinedEvents(competition.uic),
    placeholderData: keepPreviousData,
  });
}
