import type {
  AdminSession,
  Club,
  Competition,
  EventSummary,
  PricePlan,
  PublicEvent,
} from '../../shared/schemas/index.ts';

import { request, sendJson } from './http.ts';

export const api = {
  session: () => request<AdminSession>('/api/admin/session'),
  clubs: () => request<Club[]>('/api/clubs'),
  competitions: () => request<Competition[]>('/api/competitions'),
  competition: (uic: number) => request<Competition>(`/api/competitions/${uic}`),
  events: (competitionUic?: number) =>
    request<EventSummary[]>(
      competitionUic === undefined ? '/api/events' : `/api/events?competitionUic=${competitionUic}`,
    ),
  event: (id: string) => request<PublicEvent>(`/api/events/${encodeURIComponent(id)}`),
  prices: () => request<PricePlan[]>('/api/prices'),
};

/** POST /api/waitinglist: 200 { ok: true } is success; anything else (or no answer) throws. */
export async function joinWaitingList(email: string): Promise<void> {
  await sendJson<{ ok: true }>('POST', '/api/waitinglist', { email });
}
