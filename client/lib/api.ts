import type { z } from 'zod';
import {
  AdminSession,
  ClubList,
  Competition,
  CompetitionList,
  EventSummaryList,
  PricePlanList,
  PublicEvent,
} from '../../shared/schemas/index.ts';

/** An API failure, carrying the server's `error` text and HTTP status. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function request<S extends z.ZodType>(
  schema: S,
  path: string,
  init?: RequestInit,
): Promise<z.infer<S>> {
  const res = await fetch(path, { credentials: 'same-origin', ...init });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : `Request failed (${res.status})`;
    throw new ApiRequestError(error, res.status);
  }
  return schema.parse(body);
}

export const api = {
  session: () => request(AdminSession, '/api/admin/session'),
  clubs: () => request(ClubList, '/api/clubs'),
  competitions: () => request(CompetitionList, '/api/competitions'),
  competition: (uic: number) => request(Competition, `/api/competitions/${uic}`),
  events: (competitionUic?: number) =>
    request(
      EventSummaryList,
      competitionUic === undefined ? '/api/events' : `/api/events?competitionUic=${competitionUic}`,
    ),
  event: (id: string) => request(PublicEvent, `/api/events/${encodeURIComponent(id)}`),
  prices: () => request(PricePlanList, '/api/prices'),
};

/** POST /api/waitinglist: 200 { ok: true } is success; anything else (or no answer) throws. */
export async function joinWaitingList(email: string): Promise<void> {
  const res = await fetch('/api/waitinglist', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const error =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : `Request failed (${res.status})`;
    throw new ApiRequestError(error, res.status);
  }
}
