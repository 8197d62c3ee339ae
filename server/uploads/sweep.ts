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
 * How long an upload may stay queued before the sweep queues it again: its node may have
 * died between committing it and queuing its job. Cheap, as a job still waiting in the queue
 * is not doubled; a lost one is found in seconds, not after a whole lease.
 */
const QUEUED_LEASE_MS = 5_000;

/**
 * The sweep's part, on every node and worker: an upload still queued after QUEUED_LEASE_MS,
 * or parsing and unmoved for `leaseMs` (its job failed while the database was away, its
 * worker killed), is taken for another lease and queued again. A job for an upload that is
 * in fact still waiting or running is not doubled (same job id), and one that ran twice
 * publishes once (apply.ts locks the upload and skips a finished one).
 */
export async function requeueStrandedUploads(
  deps: { db: Db; queue: JobQueue; log: Pick<Logger, 'warn'> },
  leaseMs: number,
): Promise<void> {
  const lease = { queuedMs: Math.min(QUEUED_LEASE_MS, leaseMs), parsingMs: leaseMs };
  for (const uploadId of await claimStrandedUploads(deps.db, lease)) {
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
