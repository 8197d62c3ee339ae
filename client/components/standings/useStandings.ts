import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../../shared/queryKeys.ts';
import type { Competition } from '../../../shared/schemas/competition.ts';
import type { EventSummary } from '../../../shared/schemas/event.ts';

/*
 * What the tables are as of, from the competition's list (kept current by its live
 * subscription) and the competition itself (its team settings are saved with it): a change
 * that can move them asks the server again, which works them out once per change for
 * everyone; a scoreboard line elsewhere in the meet asks nothing.
 */

/** The events showing results, at their versions: what team tables are made of. */
const resultsVersion = (
  competition: Pick<Competition, 'version'>,
  events: readonly EventSummary[],
) =>
  [
    competition.version,
    ...events.filter((e) => e.shown === 'results').map((e) => `${e.id}@${e.version}`),
  ].join('|');

/** The given events at their versions, the meet's count of events beside (a part added). */
export const partsVersion = (events: readonly EventSummary[], ids: ReadonlySet<string>) =>
  [events.length, ...events.filter((e) => ids.has(e.id)).map((e) => e.version)].join('|');

export function useTeamScores(
  competition: Pick<Competition, 'uic' | 'version'>,
  events: readonly EventSummary[],
) {
  return useQuery({
    queryKey: queryKeys.teamScores(competition.uic, resultsVersion(competition, events)),
    queryFn: () => api.teamScores(competition.uic),
    // The last tables stay on screen while the next ones load: no flicker at each result.
    placeholderData: keepPreviousData,
  });
}

/** The meet's combined events: made with its events, or by the admin (a competition change). */
export function useCombinedEvents(
  competition: Pick<Competition, 'uic' | 'version'>,
  events: readonly EventSummary[],
) {
  return useQuery({
    queryKey: queryKeys.combinedEvents(competition.uic, `${competition.version}|${events.length}`),
    queryFn: () => api.combinedEvents(competition.uic),
    placeholderData: keepPreviousData,
  });
}
