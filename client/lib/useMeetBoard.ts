import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { api } from './api.ts';
import { useHomeSelection } from './useHomeSelection.ts';
import { useEstimates } from './useEstimates.ts';
import { useLiveSubscription } from './useLive.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { localIsoDate } from '../../shared/competitionList.ts';
import { meetNow, type MeetNow } from '../../shared/meet/now.ts';
import type { Club } from '../../shared/schemas/club.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import type { ShownEstimate } from '../../shared/schedule/venue.ts';

export type MeetBoard =
  | { state: 'loading' }
  | { state: 'notFound' }
  | {
      state: 'ready';
      club: Club;
      competition: Competition;
      events: readonly EventSummary[];
      plan: MeetNow;
      estimates: Map<string, ShownEstimate> | null;
    };

const NO_EVENTS: EventSummary[] = [];

/**
 * The meet an address /board/{club}/{competition} or /embed/{club}/{competition} names, kept
 * live (its competition's room carries every change of its events), and what a screen that
 * follows it by itself shows now (shared/meet/now.ts).
 */
export function useMeetBoard(): MeetBoard {
  const { clubUrlName = '', competitionUrlName = '' } = useParams();
  const [today] = useState(() => localIsoDate(new Date()));
  const selection = useHomeSelection({ clubUrlName, competitionUrlName }, undefined, today);
  const competition = selection && !selection.notFound ? selection.competition : null;
  useLiveSubscription(competition ? { competitionUic: competition.uic } : null);
  const events = useQuery({
    queryKey: queryKeys.events(competition?.uic ?? 0),
    queryFn: () => api.events(competition?.uic ?? 0),
    enabled: competition !== null,
  });
  const list = events.data ?? NO_EVENTS;
  const estimates = useEstimates(events.data, competition?.date);
  const plan = useMemo(() => meetNow(list, { estimates }), [list, estimates]);

  if (selection?.notFound || (selection && (!competition || !selection.club))) {
    return { state: 'notFound' };
  }
  if (!selection || !competition || !selection.club || !events.data) return { state: 'loading' };
  return { state: 'ready', club: selection.club, competition, events: list, plan, estimates };
}

/**
 * One event of the board, whole (its rows). Pushed changes reach it through the
 * competition's room; after a reconnect only the list is checked against the server, so the
 * event is asked again whenever the list holds a newer version of it than the board does.
 */
export function useBoardEvent(summary: EventSummary | null | undefined): PublicEvent | undefined {
  const id = summary?.id;
  const query = useQuery({
    queryKey: queryKeys.event(id ?? ''),
    queryFn: () => api.event(id ?? ''),
    enabled: id !== undefined,
  });
  const held = query.data?.version;
  const listed = summary?.version;
  const { refetch } = query;
  // Asked once per listed version: an answer still older (a kept copy offline, a failure)
  // waits for the next change or reconnect rather than asking again at once, for ever.
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (held === undefined || listed === undefined || listed <= held) return;
    if (asked.current === listed) return;
    asked.current = listed;
    void refetch();
  }, [held, listed, refetch]);
  return id === undefined ? undefined : (query.data ?? undefined);
}
