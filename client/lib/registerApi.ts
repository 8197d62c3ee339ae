import type {
  ClubRegistration,
  PersonalInfo,
  VerificationResult,
} from '../../shared/schemas/registration.ts';
import { request, sendJson } from './http.ts';

/**
 * The registration calls. Only the lazily loaded registration and verify
 * pages import this module. Every failure answers `{ error, code? }`; a fetch that never
 * reached the server throws the browser's TypeError, which the pages word as a network error.
 */

const post = <T>(path: string, body: unknown) => sendJson<T>('POST', path, body);

/** What the contact step registers for: a competition (athlete) or a package (club). */
export type RegistrationTarget = { competitionUic: number } | { packageId: number };

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
