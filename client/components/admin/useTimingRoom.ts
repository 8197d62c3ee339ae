import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompetitionToken, TokenRole } from '../../../shared/schemas/timingRoom.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';
import { useLiveMessage } from '../../lib/useLive.ts';

/**
 * A competition's tokens, with each agent's status kept current by its reports (pushed to the
 * club's admin room, which the admin page already joined).
 */
export function useTimingRoom(competitionUic: number) {
  const queryClient = useQueryClient();
  const key = adminKeys.tokens(competitionUic);
  const tokens = useQuery({ queryKey: key, queryFn: () => adminApi.tokens(competitionUic) });
  useLiveMessage('agent.status', (payload) => {
    if (payload.competitionUic !== competitionUic) return;
    queryClient.setQueryData<CompetitionToken[]>(key, (list) =>
      list?.map((token) =>
        token.id === payload.tokenId
          ? { ...token, agent: payload.agent, lastUsedAt: payload.agent.seenAt }
          : token,
      ),
    );
  });
  const create = useMutation({
    mutationFn: ({ name, role = 'agent' }: { name: string; role?: TokenRole }) =>
      adminApi.createToken(competitionUic, name, role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => adminApi.revokeToken(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  // The agent acts on it at its next report, which then arrives live with `held` at 0.
  const sendHeld = useMutation({ mutationFn: (id: string) => adminApi.sendHeldFiles(id) });
  return { tokens, create, revoke, sendHeld };
}
