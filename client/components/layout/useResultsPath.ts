import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { useLastSelection } from '../../lib/lastSelection.ts';
import { localIsoDate } from '../../../shared/competitionList.ts';
import { resolveSelection } from '../../../shared/selection.ts';

/**
 * Where the logo and the Results link lead: the competition the home page would show for
 * '/' (the visitor's last choice, else the default), or '/' until clubs and competitions
 * have loaded. Shares its queries with the home page, so it costs no extra request there.
 */
export function useResultsPath(): string {
  // A store, not a read of storage during render: the home page records a new choice after
  // this has rendered for the new address, and the links must follow it (not lag one behind).
  const remembered = useLastSelection();
  const clubs = useQuery({ queryKey: queryKeys.clubs, queryFn: api.clubs });
  const competitions = useQuery({ queryKey: queryKeys.competitions, queryFn: api.competitions });
  if (!clubs.data || !competitions.data) return '/';
  const selection = resolveSelection({
    clubs: clubs.data,
    competitions: competitions.data,
    url: {},
    remembered,
    today: localIsoDate(new Date()),
  });
  return selection.notFound ? '/' : selection.canonical;
}
