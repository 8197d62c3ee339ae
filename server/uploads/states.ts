import type { UploadStatus } from '../../shared/schemas/upload.ts';

/**
 * An upload's life, and the only moves it may make: queued when stored; parsing while a
 * worker reads it (again on a retry); then published or failed, for good. Every status the
 * server writes is checked against this table in the same statement (`movesInto`), so a
 * job delivered twice, a sweep and a retry can never take an upload back.
 */
export const UPLOAD_MOVES: { readonly [From in UploadStatus]: readonly UploadStatus[] } = {
  queued: ['parsing', 'failed'],
  parsing: ['parsing', 'published', 'failed'],
  published: [],
  failed: [],
};

const statuses = Object.keys(UPLOAD_MOVES) as UploadStatus[];

/** The statuses an upload may move to `to` from. */
export function movesInto(to: UploadStatus): UploadStatus[] {
  return statuses.filter((from) => UPLOAD_MOVES[from].includes(to));
}

/** Statuses an upload still leaves: a job, a sweep or a retry has work to do on it. */
export const UNFINISHED: UploadStatus[] = statuses.filter((s) => UPLOAD_MOVES[s].length > 0);

/**
 * How far along its life a status is: a notice of an earlier stage, arriving late, is stale
 * (server/live/uploadOrder.ts).
 */
export const UPLOAD_STAGE: Record<UploadStatus, number> = {
  queued: 0,
  parsing: 1,
  published: 2,
  failed: 2,
};
