import type { AthleteProfile } from '../../shared/schemas/athleteProfile.ts';
import type { TeamScores } from '../../shared/schemas/teamScores.ts';
import type {
  CombinedEventStandings,
  CombinedEventSummary,
} from '../../shared/schemas/combined.ts';
import type {
  AdminSession,
  Club,
  Competition,
  CompetitionPage,
  EventSummary,
  PricePlan,
  PublicEvent,
} from '../../shared/schemas/index.ts';
import type { CompetitionTab } from '../../shared/competitionList.ts';

import type { AthleteSearchResult } from '../../shared/schemas/athleteSearch.ts';
import type { EventHistory } from '../../shared/schemas/eventHistory.ts';
import { ApiRequestError, request, sendJson } from './http.ts';

/**
 * The public reads may be kept a second by shared caches (server/publicCache/http.ts). The
 * browser asks the server every time, with the ETag it holds (an unchanged answer is a 304
 * without a body): a page never shows an older version than a live message announced.
 */
const revalidated: RequestInit = { cache: 'no-cache' };
const read = <T>(path: string) => request<T>(path, revalidated);

export const api = {
  session: () => request<AdminSession>('/api/admin/session'),
  clubs: () => read<Club[]>('/api/clubs'),
  /** The clubs the results page's selector lists, in its order. */
  listedClubs: () => read<Club[]>('/api/clubs?listed=true'),
  clubCompetitions: (clubUic: number) => read<Competition[]>(`/api/competitions?club=${clubUic}`),
  /** The competitions an address's ?comp= names: by url name (any case) or uic. */
  namedCompetitions: (comp: string) =>
    read<Competition[]>(`/api/competitions?comp=${encodeURIComponent(comp)}`),
  competitionPage: (tab: CompetitionTab, page: number) =>
    read<CompetitionPage>(`/api/competitions/${tab}?page=${page}`),
  /** The public competition, or null when there is none by that uic. */
  findCompetition: async (uic: number): Promise<Competition | null> => {
    try {
      return await read<Competition>(`/api/competitions/${uic}`);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return null;
      throw error;
    }
  },
  events: (competitionUic?: number) =>
    read<EventSummary[]>(
      competitionUic === undefined ? '/api/events' : `/api/events?competitionUic=${competitionUic}`,
    ),
  event: (id: string) => read<PublicEvent>(`/api/events/${encodeURIComponent(id)}`),
  /** Every version of the event's shown results, newest first, with what changed. */
  eventHistory: (id: string) => read<EventHistory>(`/api/events/${encodeURIComponent(id)}/history`),
  prices: () => request<PricePlan[]>('/api/prices'),
  teamScores: (competitionUic: number) =>
    read<TeamScores>(`/api/competitions/${competitionUic}/team-scores`),
  combinedEvents: (competitionUic: number) =>
    read<CombinedEventSummary[]>(`/api/competitions/${competitionUic}/combined-events`),
  athlete: (id: string) => read<AthleteProfile>(`/api/athletes/${encodeURIComponent(id)}`),
  combinedEvent: (id: string) =>
    read<CombinedEventStandings>(`/api/combined-events/${encodeURIComponent(id)}`),
  /** A search (`q`), or the athletes a device follows (`key`, `club`), with their events. */
  athletes: (competitionUic: number, query: { q?: string; key?: string[]; club?: string[] }) => {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    for (const key of query.key ?? []) params.append('key', key);
    for (const club of query.club ?? []) params.append('club', club);
    return request<AthleteSearchResult>(`/api/competitions/${competitionUic}/athletes?${params}`);
  },
};

/** POST /api/waitinglist: 200 { ok: true } is success; anything else (or no answer) throws. */
export async function joinWaitingList(email: string): Promise<void> {
  await sendJson<{ ok: true }>('POST', '/api/waitinglist', { email });
}
