import type { QueueName } from '../shared/queues.ts';
import type { Runtime } from '../server/runtime.ts';
import { unfinishedUploads } from '../server/uploads/queries.ts';
import { ParseSandbox, type SandboxLimits } from './parseSandbox.ts';
import { uploadJob } from '../server/uploads/job.ts';

export interface Processors {
  names: QueueName[];
  /** Stops parsing; call after the queue has stopped taking jobs. */
  close(): Promise<void>;
}

/**
 * Registers every job processor on the runtime's queue, and queues again the uploads a
 * stop left unfinished (the upload id is the job id, so a job still queued is not doubled).
 * The API process does this in embedded mode; `npm run worker` in scaled mode.
 */
export async function registerProcessors(
  runtime: Pick<Runtime, 'db' | 'bus' | 'queue'>,
  limits?: SandboxLimits,
): Promise<Processors> {
  const sandbox = new ParseSandbox(limits);
  runtime.queue.work(
    'uploads',
    uploadJob(runtime, (job) => sandbox.parse(job)),
  );
  for (const uploadId of await unfinishedUploads(runtime.db)) {
    await runtime.queue.enqueue('uploads', { uploadId }, { jobId: uploadId });
  }
  return { names: ['uploads'], close: () => sandbox.close() };
}
