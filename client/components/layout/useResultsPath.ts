import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { readLastSelection } from '../../lib/storage.ts';
import { localIsoDate } from '../../../shared/competitionList.ts';
import { resolveSelection } from '../../../shared/selection.ts';

/**
 * Where the logo and the Results link lead: the competition the home page would show for
 * '/' (the visitor's last choice, else the default), or '/' until clubs and competitions
 * have loaded. Shares its queries with the home page, so it costs no extra request there.
 */
export function useResultsPath(): string {
  // Re-read the remembered choice on every navigation (the home page updates it).
  useLocation();
  const clubs = useQuery({ queryKey: queryKeys.clubs, queryFn: api.clubs });
  const competitions = useQuery({ queryKey: queryKeys.competitions, queryFn: api.competitions });
  if (!clubs.data || !competitions.data) return '/';
  const selection = resolveSelection({
    clubs: clubs.data,
    competitions: competitions.data,
    url: {},
    remembered: readLastSelection(),
    today: localIsoDate(new Date()),
  });
  return selection.notFound ? '/' : selection.canonical;
}
