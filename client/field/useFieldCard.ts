import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { fieldApi } from './api.ts';
import { localCard } from './localCard.ts';
import { outbox } from './outbox.ts';
import { store } from './store.ts';

/** Pushed changes that mean the card changed (another phone, a correction, the admin). */
const CHANGES = ['event.changed', 'event.live', 'event.outdated'] as const;

const cardKey = (eventId: string) => ['field-card', eventId] as const;
const problemsKey = (eventId: string) => ['field-problems', eventId] as const;

/** The entries waiting on this phone, as React reads an outside store. */
export const useOutbox = () => useSyncExternalStore(outbox.subscribe, outbox.snapshot);

/**
 * One event's card on the phone: what Rith last sent (or, without a network, what the phone
 * kept of it), the entries waiting to be sent applied on top, and the entries Rith refused.
 * Read again whenever Rith tells of a change to the event (another card's entry) and after
 * each entry of this event goes through.
 */
export function useFieldCard(eventId: string) {
  const queryClient = useQueryClient();
  const cardQuery = useQuery({
    queryKey: cardKey(eventId),
    queryFn: async () => {
      try {
        const card = await fieldApi.card(eventId);
        await store.keepCard(card);
        return { card, fromPhone: false };
      } catch (error) {
        const kept = await store.card(eventId);
        if (kept && !(error instanceof Error && 'status' in error)) {
          return { card: kept, fromPhone: true };
        }
        throw error;
      }
    },
  });
  const problems = useQuery({
    queryKey: problemsKey(eventId),
    queryFn: async () => (await store.problems()).filter((p) => p.eventId === eventId),
  });
  const queue = useOutbox();

  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: cardKey(eventId) });
      void queryClient.invalidateQueries({ queryKey: problemsKey(eventId) });
    };
    const stopSent = outbox.onSent((sentFor) => {
      if (sentFor === eventId) refresh();
    });
    const socket = io({ transports: ['websocket', 'polling'] });
    socket.on('connect', () => {
      socket.emit('subscribe', { eventId }, () => undefined);
      // Back after a gap: what changed meanwhile.
      refresh();
    });
    for (const name of CHANGES) {
      socket.on(name, (payload: { event?: { id?: string }; eventId?: string }) => {
        if ((payload.event?.id ?? payload.eventId) === eventId) refresh();
      });
    }
    return () => {
      stopSent();
      socket.close();
    };
  }, [eventId, queryClient]);

  const card = cardQuery.data?.card ?? null;
  const local = useMemo(() => (card ? localCard(card, queue.waiting) : null), [card, queue]);

  const dismiss = async (trialId: string) => {
    await store.dropProblem(trialId);
    await queryClient.invalidateQueries({ queryKey: problemsKey(eventId) });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: cardKey(eventId) });

  return {
    card,
    local,
    fromPhone: cardQuery.data?.fromPhone ?? false,
    failure: cardQuery.error,
    queue,
    problems: problems.data ?? [],
    refresh,
    dismiss,
  };
}
