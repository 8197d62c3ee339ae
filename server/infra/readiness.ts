import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/** A probe that has not answered by then counts as down: a load balancer must not wait. */
export const PROBE_TIMEOUT_MS = 2_000;

export type ProbeState = 'ok' | 'down';

export interface ReadinessReport {
  ready: boolean;
  database: ProbeState;
  redis: ProbeState | 'not configured';
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
  close(): Promise<void>;
}

async function probe(run: () => Promise<unknown>): Promise<ProbeState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this node can serve requests now: its database answers and, in scaled mode, its
 * Redis does. Checks running at once share one probe, so a load balancer polling hard
 * during an outage piles nothing up behind the one that is waiting.
 */
export function createReadiness(db: Db, redisUrl: string | undefined): Readiness {
  // A connection of its own: the probe tells whether Redis answers, not whether a queue
  // or the bus happen to be busy. It reconnects by itself once Redis is back.
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 0, connectTimeout: PROBE_TIMEOUT_MS })
    : undefined;
  // Connection errors are what the probe reports; they need no log line each.
  redis?.on('error', () => {});
  let running: Promise<ReadinessReport> | undefined;

  const run = async (): Promise<ReadinessReport> => {
    const [database, cache] = await Promise.all([
      probe(() => sql`select 1`.execute(db)),
      redis ? probe(() => redis.ping()) : Promise.resolve('not configured' as const),
    ]);
    return { ready: database === 'ok' && cache !== 'down', database, redis: cache };
  };

  return {
    check() {
      running ??= run().finally(() => {
        running = undefined;
      });
      return running;
    },
    async close() {
      redis?.disconnect();
    },
  };
}
