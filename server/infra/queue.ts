import type * as BullMQ from 'bullmq';
import type { Queue as BullQueue, Worker as BullWorker } from 'bullmq';
import { queues, type JobPayload, type QueueName } from './queues.ts';
import type { Logger } from './logger.ts';
import type { JobState, QueueDepth } from './metrics.ts';
import { lazyPackage } from './lazyPackage.ts';

const bullmq = lazyPackage<typeof BullMQ>('bullmq');

export type JobHandler<N extends QueueName> = (payload: JobPayload<N>) => Promise<void>;

export interface EnqueueOptions {
  /** Jobs with the same id are run once: an upload id makes a retry idempotent. */
  jobId: string;
  /**
   * A job of this id that already ran is not run again (by default it is: an upload queued
   * again is to be parsed again). For ids that name one change, queued by every worker; in
   * embedded mode one process queues it, so only a job still waiting is left alone.
   */
  once?: boolean;
}

export interface WorkOptions {
  /**
   * Called each time this process's worker is connected to the queue's store again after
   * losing it: a Redis that restarted without its memory took every job it held, and the
   * listener queues again what should be there. Never called in embedded mode, whose jobs
   * live and die with the process.
   */
  onReconnect?: () => void;
}

/** Background jobs. Producers enqueue after their transaction commits. */
export interface JobQueue {
  enqueue<N extends QueueName>(
    name: N,
    payload: JobPayload<N>,
    opts: EnqueueOptions,
  ): Promise<void>;
  /** Runs jobs of `name` in this process. */
  work<N extends QueueName>(name: N, handler: JobHandler<N>, options?: WorkOptions): void;
  /** Jobs waiting, running and waiting for a retry, per queue: for /metrics. */
  depth(): Promise<QueueDepth>;
  close(): Promise<void>;
}

/** A job's payload checked against its queue's schema (TypeScript cannot narrow queues[N]). */
function parsePayload<N extends QueueName>(name: N, payload: unknown): JobPayload<N> {
  return queues[name].parse(payload) as JobPayload<N>;
}

/** How long a scrape waits for BullMQ's counts before leaving them out. */
const DEPTH_TIMEOUT_MS = 1_000;

export const JOB_ATTEMPTS = 5;
export const JOB_BACKOFF_MS = 500;

/**
 * The longest wait between two tries to reach Redis again. BullMQ's own wait grows as e^n ms
 * to 20 s, so after an outage of ten seconds or more a worker noticed Redis was back up to
 * 20 s late.
 */
const RECONNECT_MAX_MS = 1_000;

/**
 * Embedded mode: jobs run in this process with the same retry policy BullMQ gets. Jobs
 * enqueued before a handler is registered wait for it.
 */
export class InProcessQueue implements JobQueue {
  private readonly handlers = new Map<QueueName, (payload: unknown) => Promise<void>>();
  private readonly waiting = new Map<QueueName, { jobId: string; payload: unknown }[]>();
  private readonly known = new Set<string>();
  /** Each job waiting for its turn (delay 0) or for a retry, by its timer. */
  private readonly timers = new Map<NodeJS.Timeout, { name: QueueName; state: JobState }>();
  private readonly running = new Map<Promise<void>, QueueName>();
  private closed = false;

  constructor(private readonly log: Pick<Logger, 'warn' | 'error'>) {}

  async enqueue<N extends QueueName>(name: N, payload: JobPayload<N>, opts: EnqueueOptions) {
    const key = `${name}:${opts.jobId}`;
    if (this.known.has(key)) return;
    this.known.add(key);
    const job = { jobId: opts.jobId, payload: queues[name].parse(payload) };
    if (this.handlers.has(name)) this.schedule(name, job, 1, 0);
    else this.waiting.set(name, [...(this.waiting.get(name) ?? []), job]);
  }

  work<N extends QueueName>(name: N, handler: JobHandler<N>): void {
    this.handlers.set(name, (payload) => handler(parsePayload(name, payload)));
    for (const job of this.waiting.get(name) ?? []) this.schedule(name, job, 1, 0);
    this.waiting.delete(name);
  }

  private schedule(
    name: QueueName,
    job: { jobId: string; payload: unknown },
    attempt: number,
    delay: number,
  ) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      const run = this.run(name, job, attempt);
      this.running.set(run, name);
      void run.finally(() => this.running.delete(run));
    }, delay);
    this.timers.set(timer, { name, state: delay > 0 ? 'delayed' : 'waiting' });
  }

  private async run(name: QueueName, job: { jobId: string; payload: unknown }, attempt: number) {
    const handler = this.handlers.get(name);
    if (!handler) return;
    try {
      await handler(job.payload);
      this.known.delete(`${name}:${job.jobId}`);
    } catch (err) {
      if (attempt >= JOB_ATTEMPTS) {
        this.known.delete(`${name}:${job.jobId}`);
        this.log.error({ err, queue: name, jobId: job.jobId }, 'job failed for good');
        return;
      }
      this.log.warn({ err, queue: name, jobId: job.jobId, attempt }, 'job failed; will retry');
      this.schedule(name, job, attempt + 1, JOB_BACKOFF_MS * 2 ** (attempt - 1));
    }
  }

  async depth(): Promise<QueueDepth> {
    const depth: QueueDepth = {};
    const count = (name: QueueName, state: JobState, n = 1) => {
      const states = (depth[name] ??= { waiting: 0, active: 0, delayed: 0 });
      states[state] += n;
    };
    for (const name of Object.keys(queues) as QueueName[]) count(name, 'waiting', 0);
    for (const [name, jobs] of this.waiting) count(name, 'waiting', jobs.length);
    for (const { name, state } of this.timers.values()) count(name, state);
    for (const name of this.running.values()) count(name, 'active');
    return depth;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers.keys()) clearTimeout(t);
    await Promise.allSettled([...this.running.keys()]);
  }
}

/** Scaled mode: BullMQ on Redis; `npm run worker` processes, API nodes only enqueue. */
export class BullMqQueue implements JobQueue {
  private readonly producers = new Map<QueueName, BullQueue>();
  private readonly workers: BullWorker[] = [];

  constructor(
    private readonly url: string,
    private readonly log: Pick<Logger, 'warn' | 'error'>,
  ) {}

  private connection() {
    const u = new URL(this.url);
    return {
      host: u.hostname,
      port: Number(u.port || 6379),
      ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
      ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
      ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
      ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
      maxRetriesPerRequest: null,
      retryStrategy: (times: number) => Math.min(times * 100, RECONNECT_MAX_MS),
    };
  }

  private producer(name: QueueName): BullQueue {
    let q = this.producers.get(name);
    if (!q) {
      q = new (bullmq().Queue)(name, { connection: this.connection() });
      this.producers.set(name, q);
    }
    return q;
  }

  async enqueue<N extends QueueName>(name: N, payload: JobPayload<N>, opts: EnqueueOptions) {
    const queue = this.producer(name);
    // A finished job keeps its id for a while; queuing that id again would do nothing.
    const previous = await queue.getJob(opts.jobId);
    if (previous && opts.once) return;
    if (previous && ((await previous.isFailed()) || (await previous.isCompleted()))) {
      await previous.remove();
    }
    await queue.add(name, queues[name].parse(payload), {
      jobId: opts.jobId,
      attempts: JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: JOB_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  work<N extends QueueName>(name: N, handler: JobHandler<N>, options: WorkOptions = {}): void {
    const worker = new (bullmq().Worker)(
      name,
      async (job) => handler(parsePayload(name, job.data)),
      // A worker that dies mid-job loses its lock within 6 s, and the job runs again on
      // another worker (or this one restarted) within about 10 s instead of waiting out
      // BullMQ's 30 s default: spectators wait for those heats. A live worker renews its lock
      // every 3 s; one held up longer sees its job run twice, which publishes once (apply.ts).
      {
        connection: this.connection(),
        concurrency: 4,
        lockDuration: 6_000,
        stalledInterval: 2_000,
      },
    );
    worker.on('failed', (job, err) =>
      this.log.warn({ err, queue: name, jobId: job?.id }, 'job attempt failed'),
    );
    worker.on('error', (err) => this.log.error({ err, queue: name }, 'worker error'));
    const { onReconnect } = options;
    if (onReconnect) {
      // The worker's blocking connection is ready once at start, then after every reconnect.
      let connected = false;
      worker.on('ready', () => {
        if (connected) onReconnect();
        connected = true;
      });
    }
    this.workers.push(worker);
  }

  async depth(): Promise<QueueDepth> {
    const depth: QueueDepth = {};
    const names = Object.keys(queues) as QueueName[];
    const counts = names.map(async (name) => {
      const c = await this.producer(name).getJobCounts(
        'waiting',
        'prioritized',
        'active',
        'delayed',
      );
      depth[name] = {
        waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
        active: c.active ?? 0,
        delayed: c.delayed ?? 0,
      };
    });
    // While Redis is away the counts wait for it: the scrape does not.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('queue counts timed out')), DEPTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([Promise.all(counts), timeout]);
    } finally {
      clearTimeout(timer);
    }
    return depth;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.producers.values()].map((q) => q.close()));
  }
}
