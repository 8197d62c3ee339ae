import type { ErrorCode } from '../../shared/errorCodes.ts';
import type { ApiError } from '../../shared/schemas/error.ts';

/**
 * The browser's one fetch client: every call of the public pages (api.ts), the admin console
 * (adminApi.ts) and registration (registerApi.ts) goes through `request`. The server checks
 * every response against the shared zod schemas before sending it, so the client trusts the
 * shapes and keeps the schema library out of the spectators' bundle.
 */

/**
 * A refused call: the server's `error` text ('' when it gave none), its `code` (decide by
 * this, never by the words), the status.
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | null = null,
    /** What else the answer carried to resolve it (a clash's stored side, as `existing`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

async function errorOf(res: Response): Promise<ApiRequestError> {
  // A proxy's own error page (nginx's 502) is not our JSON: the status alone.
  const body = (await res.json().catch(() => null)) as
    (Partial<ApiError> & Record<string, unknown>) | null;
  const error = typeof body?.error === 'string' ? body.error : '';
  const code = typeof body?.code === 'string' ? body.code : null;
  return new ApiRequestError(error, res.status, code, body ?? {});
}

/**
 * Told of every answer: `storedAt` null for one Rith (or a proxy in front of it) sent now,
 * else when Rith sent the copy the service worker served from its store (client/sw/offline.ts
 * marks it); `status` the HTTP status. Says whether the page may use a kept copy: not while it
 * is live, where it would put older results over newer ones.
 */
export type AnswerListener = (answer: { storedAt: number | null; status: number }) => boolean;
let answerListener: AnswerListener = () => true;

export function observeAnswers(listener: AnswerListener): void {
  answerListener = listener;
}

/** The answer, unless it is a kept copy the page must not use: then no answer at all. */
function checkAnswer(res: Response): void {
  const stored = res.headers.get('x-rith-stored-at');
  const at = stored === null ? NaN : Date.parse(stored);
  const storedAt = Number.isNaN(at) ? null : at;
  if (!answerListener({ storedAt, status: res.status })) {
    throw new TypeError('Only a kept copy older than the page came back');
  }
}

/**
 * Sends the request with the site's cookies; resolves the JSON body, or nothing for a 204.
 * Throws ApiRequestError for an HTTP failure, and the browser's TypeError when no answer came.
 */
export async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', ...init });
  checkAnswer(res);
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
): Promise<T> {
  return request<T>(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export function sendForm<T>(path: string, form: FormData): Promise<T> {
  return request<T>(path, { method: 'POST', body: form });
}

const NETWORK_ERROR = 'Network error. Please try again.';

/** The server's words when it gave some, the network message when it was never reached. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.message || fallback;
  if (error instanceof TypeError) return NETWORK_ERROR;
  return fallback;
}

/** The stable name the server gave a refusal, or null (no answer, or none given). */
export const refusalCode = (error: unknown): ErrorCode | null =>
  error instanceof ApiRequestError ? error.code : null;

/**
 * What a page reads, or null when there is none to show: 404 (and 400 for an id that cannot
 * be one) mean it does not exist, or the public may not see it.
 */
export async function orMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
      return null;
    }
    throw error;
  }
}
