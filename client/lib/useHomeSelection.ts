import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import {
  chooseClub,
  resolveSelection,
  selectionLookups,
  type RememberedSelection,
  type Selection,
  type SelectionUrl,
} from '../../shared/selection.ts';
import type { Competition } from '../../shared/schemas/competition.ts';

const NONE: Competition[] = [];

/**
 * The club and competition the results page shows for an address (shared/selection.ts), or
 * null while loading. It fetches what the page shows and no more: the clubs its selector
 * lists, the competitions the address (or the visitor's last choice) names, then the chosen
 * club's competitions. The header's links share these queries.
 * No error handling: while these have not loaded, the page stays loading.
 */
export function useHomeSelection(
  url: SelectionUrl,
  remembered: RememberedSelection | undefined,
  today: string,
): Selection | null {
  const clubs = useQuery({ queryKey: queryKeys.listedClubs, queryFn: api.listedClubs });
  const lookups = selectionLookups(url, remembered);
  const byUic = useQueries({
    queries: lookups.uics.map((uic) => ({
      queryKey: queryKeys.competition(uic),
      queryFn: () => api.findCompetition(uic),
    })),
  });
  const comp = lookups.comp;
  const named = useQuery({
    queryKey: queryKeys.namedCompetitions(comp ?? ''),
    queryFn: () => api.namedCompetitions(comp ?? ''),
    enabled: comp !== null,
  });

  const looked = byUic.every((query) => query.data !== undefined) && (!comp || named.data);
  const found = [
    ...byUic.flatMap((query) => (query.data ? [query.data] : [])),
    ...(comp ? (named.data ?? NONE) : NONE),
  ];
  const input = { clubs: clubs.data ?? [], found, url, remembered, today };
  const choice = clubs.data && looked ? chooseClub(input) : null;
  const clubUic = choice && !choice.notFound ? choice.club?.uic : undefined;
  const clubCompetitions = useQuery({
    queryKey: queryKeys.clubCompetitions(clubUic ?? 0),
    queryFn: () => api.clubCompetitions(clubUic ?? 0),
    enabled: clubUic !== undefined,
  });

  if (!choice) return null;
  if (clubUic === undefined) return resolveSelection({ ...input, clubCompetitions: NONE });
  if (!clubCompetitions.data) return null;
  return resolveSelection({ ...input, clubCompetitions: clubCompetitions.data });
}
