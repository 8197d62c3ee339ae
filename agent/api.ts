/**
 * The agent's HTTP client for Rith. Every call answers a result instead of throwing, sorted
 * into what the caller must do about it: go on, retry later (the site is down, busy or cut
 * off), stop for good (the token is refused), or give up on this one request (refused).
 */
import { z } from 'zod';
import {
  AgentIdentity,
  AgentStatusAnswer,
  ScoreboardAnswer,
  type AgentStatusReport,
  type ScoreboardUpdate,
} from '../shared/schemas/timingRoom.ts';
import { anySignal } from './time.ts';
import { AGENT_VERSION } from './version.ts';

export type Problem =
  /** Network error, timeout, 5xx, 429, or an answer that is not Rith's: try again later. */
  | { kind: 'retry'; message: string; retryAfterMs: number | null; busy: boolean }
  /** 401: the token is wrong, revoked, or not for this competition. */
  | { kind: 'unauthorized'; status: number; message: string }
  /** Any other 4xx: this request will never succeed as it is. */
  | { kind: 'refused'; status: number; message: string; code: string | null };

export type ApiResult<T> = { ok: true; status: number; value: T } | { ok: false; problem: Problem };

/*
 * Upload answers are read leniently on purpose: the agent is a program of its own that a
 * timing room may keep for a season, so a field Rith adds later, or an outcome word it
 * learns, must not make the agent throw away an answer it can still use.
 */
const LooseEvent = z.object({
  eventName: z.string(),
  heat: z.number().nullable().optional(),
  rows: z.number(),
  wrote: z.string(),
  public: z.boolean().optional(),
});
const LooseFileReport = z.object({
  fileName: z.string(),
  outcome: z.string(),
  contents: z.string().nullable().optional(),
  events: z.array(LooseEvent).optional().default([]),
  warnings: z.array(z.string()).optional().default([]),
  reason: z.string().nullable().optional(),
});
export type FileReport = z.infer<typeof LooseFileReport>;

const UploadAnswer = z.object({
  uploadId: z.string(),
  status: z.string(),
  files: z.array(LooseFileReport).optional().default([]),
});
export type UploadAnswer = z.infer<typeof UploadAnswer>;

const UploadView = z.object({
  id: z.string(),
  status: z.string(),
  message: z.string().nullable().optional(),
  files: z.array(LooseFileReport).optional().default([]),
});
export type UploadView = z.infer<typeof UploadView>;

export interface OutgoingFile {
  name: string;
  bytes: Uint8Array;
}

const TIMEOUT = { small: 10_000, upload: 60_000 };

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 300) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.min(Math.max(0, at - Date.now()), 300_000);
}

/** Why fetch failed, in words a timing operator can act on. */
function networkMessage(error: unknown, timedOut: boolean): string {
  if (timedOut) return 'no answer in time';
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return cause.code === 'ECONNREFUSED' ? 'connection refused' : cause.code;
  return error instanceof Error ? error.message : String(error);
}

export class RithApi {
  readonly site: string;

  constructor(
    site: string,
    private readonly token: string,
  ) {
    this.site = site.replace(/\/+$/, '');
  }

  /** GET /api/agent: which competition the token publishes to. */
  identity(signal?: AbortSignal): Promise<ApiResult<AgentIdentity>> {
    return this.request('GET', '/api/agent', { schema: AgentIdentity, signal });
  }

  /** POST upload-lynx: one or more files in the `files` field. */
  upload(
    competitionUic: number,
    files: OutgoingFile[],
    signal?: AbortSignal,
  ): Promise<ApiResult<UploadAnswer>> {
    const form = new FormData();
    for (const file of files) {
      // A file read from disk is never backed by shared memory: the cast only says so.
      const bytes = file.bytes as Uint8Array<ArrayBuffer>;
      form.append('files', new Blob([bytes], { type: 'text/plain' }), file.name);
    }
    return this.request('POST', `/api/admin/competitions/${competitionUic}/upload-lynx`, {
      body: form,
      schema: UploadAnswer,
      signal,
      timeoutMs: TIMEOUT.upload,
    });
  }

  /** GET an upload's status and per-file report. */
  uploadView(uploadId: string, signal?: AbortSignal): Promise<ApiResult<UploadView>> {
    return this.request('GET', `/api/admin/uploads/${encodeURIComponent(uploadId)}`, {
      schema: UploadView,
      signal,
    });
  }

  /** Null from a Rith older than the answer (204): it has nothing to ask of the agent. */
  status(
    report: AgentStatusReport,
    signal?: AbortSignal,
  ): Promise<ApiResult<AgentStatusAnswer | null>> {
    return this.request('POST', '/api/agent/status', {
      json: report,
      schema: AgentStatusAnswer.nullable(),
      signal,
    });
  }

  scoreboard(update: ScoreboardUpdate, signal?: AbortSignal): Promise<ApiResult<ScoreboardAnswer>> {
    return this.request('POST', '/api/agent/scoreboard', {
      json: update,
      schema: ScoreboardAnswer,
      signal,
    });
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    options: {
      json?: unknown;
      body?: FormData;
      schema?: z.ZodType<T>;
      signal?: AbortSignal | undefined;
      timeoutMs?: number;
    },
  ): Promise<ApiResult<T>> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? TIMEOUT.small);
    const { signal, dispose } = anySignal([timeout.signal, options.signal]);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json',
      'user-agent': `rith-agent/${AGENT_VERSION}`,
    };
    let body: string | FormData | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    try {
      const response = await fetch(this.site + path, { method, headers, body, signal });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const said = (parsed as { error?: unknown; code?: unknown } | null | undefined) ?? {};
      const message =
        typeof said.error === 'string' && said.error !== ''
          ? said.error
          : `HTTP ${response.status} ${response.statusText}`.trim();
      if (response.ok) {
        if (!options.schema) return { ok: true, status: response.status, value: null as T };
        const value = options.schema.safeParse(parsed);
        if (value.success) return { ok: true, status: response.status, value: value.data };
        // A proxy's page or another site at this address: not something to act on.
        return {
          ok: false,
          problem: {
            kind: 'retry',
            message: `${this.site} answered ${path} with something that is not Rith's answer`,
            retryAfterMs: null,
            busy: false,
          },
        };
      }
      if (response.status === 401) {
        return { ok: false, problem: { kind: 'unauthorized', status: response.status, message } };
      }
      if (response.status === 429 || response.status >= 500 || response.status === 408) {
        return {
          ok: false,
          problem: {
            kind: 'retry',
            message,
            retryAfterMs: retryAfter(response.headers.get('retry-after')),
            busy: response.status === 429,
          },
        };
      }
      return {
        ok: false,
        problem: {
          kind: 'refused',
          status: response.status,
          message,
          code: typeof said.code === 'string' ? said.code : null,
        },
      };
    } catch (error) {
      return {
        ok: false,
        problem: {
          kind: 'retry',
          message: networkMessage(error, timeout.signal.aborted),
          retryAfterMs: null,
          busy: false,
        },
      };
    } finally {
      clearTimeout(timer);
      dispose();
    }
  }
}
