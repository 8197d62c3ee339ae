import type { JobPayload, QueueName } from '../server/infra/queues.ts';
import type { Runtime } from '../server/runtime.ts';
import { uploadJobDuration } from '../server/infra/metrics.ts';
import { requeueUnfinishedUploads } from '../server/uploads/sweep.ts';
import { ParseSandbox, type SandboxLimits } from './parseSandbox.ts';
import { uploadJob } from '../server/uploads/job.ts';
import { pushAlertsJob } from '../server/push/job.ts';
import { startPushScheduler } from '../server/push/scheduler.ts';

export interface Processors {
  names: QueueName[];
  /** Stops parsing; call after the queue has stopped taking jobs. */
  close(): Promise<void>;
}

/**
 * Registers every job processor on the runtime's queue, and queues again the uploads a
 * stop left unfinished, now and whenever the queue's Redis comes back (the upload id is the
 * job id, so a job still queued is not doubled). The API process does this in embedded
 * mode; `npm run worker` in scaled mode.
 */
export async function registerProcessors(
  runtime: Pick<Runtime, 'db' | 'bus' | 'queue' | 'log' | 'config'>,
  limits?: SandboxLimits,
): Promise<Processors> {
  const sandbox = new ParseSandbox(limits);
  const job = uploadJob(runtime, (parseJob) => sandbox.parse(parseJob));
  const requeue = () => requeueUnfinishedUploads(runtime);
  runtime.queue.work(
    'uploads',
    async (payload: JobPayload<'uploads'>) => {
      const stop = uploadJobDuration.startTimer();
      try {
        await job(payload);
        const seconds = stop({ outcome: 'done' });
        runtime.log.info({ uploadId: payload.uploadId, seconds }, 'upload job done');
      } catch (err) {
        stop({ outcome: 'error' });
        throw err;
      }
    },
    {
      onReconnect: () =>
        void requeue().catch((err: unknown) =>
          runtime.log.warn({ err }, 'could not queue the unfinished uploads again; the sweep will'),
        ),
    },
  );
  await requeue();
  const push = runtime.config.push;
  runtime.queue.work(
    'pushAlerts',
    pushAlertsJob({ db: runtime.db, config: push, log: runtime.log }),
  );
  const stopScheduler = startPushScheduler(runtime, push);
  return {
    names: ['uploads', 'pushAlerts'],
    close: async () => {
      stopScheduler();
      await sandbox.close();
    },
  };
}
