import type {
  ClubRegistration,
  PersonalInfo,
  VerificationResult,
} from '../../shared/schemas/registration.ts';
import { ApiRequestError } from './api.ts';

/**
 * The registration calls (spec section 7). Only the lazily loaded registration and verify
 * pages import this module. Every failure answers `{ error }`; a fetch that never reached the
 * server throws the browser's TypeError, which the pages word as a network error.
 */

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', ...init });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const error =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : '';
    throw new ApiRequestError(error, res.status);
  }
  return (await res.json()) as T;
}

function post<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** What the contact step registers for: a competition (athlete) or a package (club). */
export type RegistrationTarget = { competitionUic: number } | { packageId: number };

export const NETWORK_ERROR = 'Network error. Please try again.';

/** The server's words when it gave some, the network message when it was never reached. */
export function registerErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.message || fallback;
  if (error instanceof TypeError) return NETWORK_ERROR;
  return fallback;
}

export const registerApi = {
  requestVerification: (email: string, target: RegistrationTarget) =>
    post<{ ok: true }>('/api/register/request-verification', { email, ...target }),
  verify: (token: string) => post<VerificationResult>('/api/register/verify', { token }),
  tokenEmail: (token: string) =>
    request<{ email: string }>(
      `/api/register/verification-token-email?token=${encodeURIComponent(token)}`,
    ),
  personalInfo: (competitionUic: number, token: string, personalInfo: PersonalInfo) =>
    post<{ ok: true }>('/api/register/personal-info', { competitionUic, token, personalInfo }),
  clubAdmin: (registration: ClubRegistration) =>
    post<{ ok: true }>('/api/register/club-admin', registration),
};
