import type {
  AdminSession,
  Club,
  Competition,
  EventSummary,
  PricePlan,
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

async function errorOf(res: Response): Promise<ApiRequestError> {
  const body: unknown = await res.json().catch(() => null);
  const error =
    body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
      ? body.error
      : `Request failed (${res.status})`;
  return new ApiRequestError(error, res.status);
}

/**
 * The server validates every response against the shared zod schemas before sending it,
 * so the client trusts the shapes and keeps the schema library out of the public bundle.
 */
async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', ...init });
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

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
  await request<{ ok: true }>('/api/waitinglist', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}
