import type { Db } from '../db/connect.ts';
import type { JobQueue } from '../infra/queue.ts';
import type { Logger } from '../infra/logger.ts';
import { claimStrandedUploads, unfinishedUploads } from './queries.ts';

/**
 * Queues an upload's job without waiting for it: the upload is stored, so the answer never
 * waits on Redis. A job that could not be queued (Redis away, the process gone) is queued
 * by the sweep below; the upload id is the job id, so queuing twice runs it once.
 */
export function queueUpload(queue: JobQueue, uploadId: string, log: Pick<Logger, 'warn'>): void {
  queue.enqueue('uploads', { uploadId }, { jobId: uploadId }).catch((err: unknown) => {
    log.warn({ err, uploadId }, 'could not queue the upload; the sweep will');
  });
}

/**
 * The sweep's part, on every node and worker: an upload still queued or parsing that has not
 * moved for `leaseMs` (its enqueue lost to a crash or to Redis, its job failed while the
 * database was away, its worker killed) is taken for another lease and queued again. A job
 * for an upload that is in fact still running is not doubled (same job id), and one that ran
 * twice publishes once (apply.ts locks the upload and skips a finished one).
 */
export async function requeueStrandedUploads(
  deps: { db: Db; queue: JobQueue; log: Pick<Logger, 'warn'> },
  leaseMs: number,
): Promise<void> {
  for (const uploadId of await claimStrandedUploads(deps.db, leaseMs)) {
    queueUpload(deps.queue, uploadId, deps.log);
  }
}

/**
 * Queues again every upload still queued or parsing, at once: when a worker starts (a stop
 * left them), and when its Redis comes back (a Redis restarted without its memory took their
 * jobs, and the sweep would wait out their lease). A job still queued or running is not
 * doubled (same job id), and one that runs twice publishes once.
 */
export async function requeueUnfinishedUploads(deps: { db: Db; queue: JobQueue }): Promise<void> {
  for (const uploadId of await unfinishedUploads(deps.db)) {
    await deps.queue.enqueue('uploads', { uploadId }, { jobId: uploadId });
  }
}
