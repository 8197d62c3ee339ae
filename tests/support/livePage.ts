import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { LiveConnection, type LiveStatus } from '../../client/lib/live.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';

export interface LivePage {
  statuses: LiveStatus[];
  status(): LiveStatus;
  event(): PublicEvent | null | undefined;
  list(): EventSummary[] | undefined;
  competition(): Competition | undefined;
  close(): void;
}

/**
 * The browser's live code (client/lib/live.ts and its cache writer) on the QueryClient the
 * pages read, with query observers standing in for a mounted home page (the competition and
 * its events) and event page, all fetched from `baseUrl`.
 */
export function openLivePage(baseUrl: string, competitionUic: number, eventId: string): LivePage {
  const get = async (path: string) => {
    const res = await fetch(baseUrl + path);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json() as Promise<unknown>;
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const stops: (() => void)[] = [];
  const observe = (queryKey: readonly unknown[], path: string) => {
    const observer = new QueryObserver(queryClient, {
      queryKey,
      queryFn: () => get(path),
      staleTime: 30_000,
    });
    stops.push(observer.subscribe(() => {}));
  };
  observe(queryKeys.competition(competitionUic), `/api/competitions/${competitionUic}`);
  observe(queryKeys.events(competitionUic), `/api/events?competitionUic=${competitionUic}`);
  observe(queryKeys.event(eventId), `/api/events/${eventId}`);

  const live = new LiveConnection(queryClient, { url: baseUrl });
  const statuses: LiveStatus[] = [];
  stops.push(live.onStatus(() => statuses.push(live.getStatus())));
  stops.push(live.subscribe({ competitionUic }), live.subscribe({ eventId }));
  return {
    statuses,
    status: () => live.getStatus(),
    event: () => queryClient.getQueryData<PublicEvent | null>(queryKeys.event(eventId)),
    list: () => queryClient.getQueryData<EventSummary[]>(queryKeys.events(competitionUic)),
    competition: () =>
      queryClient.getQueryData<Competition | null>(queryKeys.competition(competitionUic)) ??
      undefined,
    close() {
      for (const stop of stops) stop();
      live.close();
      queryClient.clear();
    },
  };
}
