import type {
  ClubRegistration,
  PersonalInfo,
  VerificationResult,
} from '../../shared/schemas/registration.ts';
import type { ApiError } from '../../shared/schemas/error.ts';
import { ApiRequestError } from './api.ts';

/**
 * The registration calls (spec section 7). Only the lazily loaded registration and verify
 * pages import this module. Every failure answers `{ error, code? }`; a fetch that never reached the
 * server throws the browser's TypeError, which the pages word as a network error.
 */

/** A refusal of a registration call, with the stable name the server gives some refusals. */
export class RegisterRequestError extends ApiRequestError {
  constructor(
    message: string,
    status: number,
    readonly code: string | null,
  ) {
    super(message, status);
  }
}

/** The stable name of a refusal, or null (no answer, or none given). */
export const refusalCode = (error: unknown): string | null =>
  error instanceof RegisterRequestError ? error.code : null;

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', ...init });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<ApiError> | null;
    const error = typeof body?.error === 'string' ? body.error : '';
    const code = typeof body?.code === 'string' ? body.code : null;
    throw new RegisterRequestError(error, res.status, code);
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
