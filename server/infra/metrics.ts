import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueName } from './queues.ts';

/**
 * The process's metrics, in one registry: what GET /metrics answers on an API node and the
 * metrics port answers on a worker (README "Operations"). Module-level, because a process
 * has one of each; parts of the product count into the metric that is theirs.
 */
export const registry = new Registry();
// Memory, CPU, event loop lag, garbage collection, handles.
collectDefaultMetrics({ register: registry });
const registers = [registry];

export const httpRequestDuration = new Histogram({
  name: 'rith_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx, ...)',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const liveProcesses = new Gauge({
  name: 'rith_live_processes',
  help: 'Processes of this node taking live-update sockets: the API process and its ready fan-out processes',
  registers,
});

export const liveSpectators = new Gauge({
  name: 'rith_live_spectators',
  help: 'Live-update sockets connected to this node',
  registers,
});

export const liveFeedSockets = new Gauge({
  name: 'rith_live_feed_sockets',
  help: 'Open live feed sockets (GET /feed) connected to this node',
  registers,
});

export const livePublications = new Counter({
  name: 'rith_live_publications_total',
  help: "Live messages this node pushed to its sockets' rooms, by message name",
  labelNames: ['message'] as const,
  registers,
});

export const livePushLatency = new Histogram({
  name: 'rith_live_push_latency_seconds',
  help: "From the change committed (or the message published) to its push to this node's sockets, once per live process (LIVE_PROCESSES)",
  labelNames: ['message'] as const,
  // Bursts for one event go out once per 100 ms window (server/live/coalescer.ts).
  buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

export const uploadJobDuration = new Histogram({
  name: 'rith_upload_job_duration_seconds',
  help: 'Upload jobs, from start to outcome: done (published or failed for a reason in the file) or error (tried again)',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers,
});

/**
 * Look-ups in the public read cache (server/publicCache/), which counts into it; the hit
 * rate is the hits' share of all (README "Operations").
 */
export const publicCacheRequests = new Counter({
  name: 'rith_public_cache_requests_total',
  help: 'Public read cache look-ups, by result (hit or miss)',
  labelNames: ['result'] as const,
  registers,
});

export type JobState = 'waiting' | 'active' | 'delayed';
export type QueueDepth = Partial<Record<QueueName, Record<JobState, number>>>;
type DepthSource = () => Promise<QueueDepth>;

const depthSources = new Set<DepthSource>();

/** Counts a queue's jobs at each scrape, until the returned function is called. */
export function watchQueueDepth(source: DepthSource): () => void {
  depthSources.add(source);
  return () => depthSources.delete(source);
}

new Gauge({
  name: 'rith_queue_jobs',
  help: 'Background jobs by queue and state, counted when scraped (absent while Redis is away)',
  labelNames: ['queue', 'state'] as const,
  registers,
  async collect() {
    const depths = await Promise.all([...depthSources].map((source) => source().catch(() => ({}))));
    this.reset();
    for (const depth of depths) {
      for (const [queue, states] of Object.entries(depth)) {
        for (const [state, count] of Object.entries(states)) this.inc({ queue, state }, count);
      }
    }
  },
});
