import { request, sendJson } from '../lib/http.ts';
import type {
  FieldAttemptBody,
  FieldCard,
  FieldCorrectionBody,
  FieldEventSummary,
  FieldIdentity,
  FieldSettingsBody,
  FieldTrial,
} from '../../shared/schemas/field.ts';

/** The field card's API (server/field/routes.ts), with the phone's cookie. */
export const fieldApi = {
  session: (token: string) => sendJson<FieldIdentity>('POST', '/api/field/session', { token }),
  me: () => request<FieldIdentity>('/api/field/me'),
  events: () => request<FieldEventSummary[]>('/api/field/events'),
  card: (id: string) => request<FieldCard>(`/api/field/events/${id}`),
  attempt: (eventId: string, body: FieldAttemptBody) =>
    sendJson<FieldTrial>('POST', `/api/field/events/${eventId}/attempts`, body),
  correct: (eventId: string, trialId: string, body: FieldCorrectionBody) =>
    sendJson<FieldTrial>('PUT', `/api/field/events/${eventId}/attempts/${trialId}`, body),
  remove: (eventId: string, trialId: string) =>
    request<void>(`/api/field/events/${eventId}/attempts/${trialId}`, { method: 'DELETE' }),
  addAthlete: (
    eventId: string,
    body: { bib: string; name: string; club: string | null; flight?: number },
  ) => sendJson<FieldCard>('POST', `/api/field/events/${eventId}/athletes`, body),
  settings: (eventId: string, body: FieldSettingsBody) =>
    sendJson<FieldCard>('PUT', `/api/field/events/${eventId}/settings`, body),
  complete: (eventId: string) =>
    sendJson<FieldCard>('POST', `/api/field/events/${eventId}/complete`, {}),
};
