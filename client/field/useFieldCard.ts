import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { fieldApi } from './api.ts';
import { localCard, type RaisedBar } from './localCard.ts';
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
export function useFieldCard(eventId: string, raised: RaisedBar | null) {
  const queryClient = useQueryClient();
  const cardQuery = useQuery({
    queryKey: cardKey(eventId),
    queryFn: async () => {
      // What Rith answered before this read is in the card it sends.
      const readFrom = Date.now();
      try {
        const card = await fieldApi.card(eventId);
        await store.keepCard(card);
        return { card, fromPhone: false, readFrom };
      } catch (error) {
        const kept = await store.card(eventId);
        if (kept && !(error instanceof Error && 'status' in error)) {
          return { card: kept, fromPhone: true, readFrom: 0 };
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
  const readFrom = cardQuery.data?.readFrom ?? 0;
  const local = useMemo(() => {
    if (!card) return null;
    // Entries answered after the card was read are not in it yet: shown on top, as waiting ones.
    const answered = queue.sent.filter((entry) => entry.answeredAt >= readFrom);
    return localCard(card, [...answered, ...queue.waiting], raised);
  }, [card, queue, readFrom, raised]);

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
