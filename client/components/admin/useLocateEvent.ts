import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCompetition } from '../../../shared/schemas/admin.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';

/**
 * Which of the user's competitions holds an event, for a link to /admin?event={id} whose
 * event is not in the competition on screen (there is no single-event admin call). Each
 * competition's events land in the cache the events table reads. Undefined while unknown
 * or not asked; null when no competition has it (or the search failed).
 */
export function useLocateEvent(
  eventId: string | null,
  search: boolean,
  competitions: readonly AdminCompetition[] | undefined,
): number | null | undefined {
  const queryClient = useQueryClient();
  const located = useQuery({
    queryKey: [...adminKeys.all, 'locateEvent', eventId],
    queryFn: async () => {
      for (const competition of competitions ?? []) {
        const events = await queryClient.fetchQuery({
          queryKey: adminKeys.events(competition.uic),
          queryFn: () => adminApi.events(competition.uic),
        });
        if (events.some((event) => event.id === eventId)) return competition.uic;
      }
      return null;
    },
    enabled: search && eventId !== null && competitions !== undefined,
    gcTime: 0,
    retry: false,
  });
  if (!search) return undefined;
  return located.isError ? null : located.data;
}
