import { connectRedis } from './redis.ts';

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

/** How often the probe's clock looks, and the most one look may count. */
const TICK_MS = 100;
/** However busy the node, a probe gives up after this long. */
const MAX_PROBE_WALL_MS = 3 * PROBE_TIMEOUT_MS;

/**
 * Rejects once the event loop has been free for PROBE_TIMEOUT_MS: a node held up by its
 * own work (a flood of uploads) has the database's answer waiting unread, and that time does
 * not count against the database.
 */
function unanswered(): { timeout: Promise<never>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const started = Date.now();
    let last = started;
    let counted = 0;
    const look = () => {
      const now = Date.now();
      counted += Math.min(now - last, 2 * TICK_MS);
      last = now;
      if (counted >= PROBE_TIMEOUT_MS || now - started >= MAX_PROBE_WALL_MS) {
        reject(new Error('timed out'));
      } else {
        timer = setTimeout(look, TICK_MS);
      }
    };
    timer = setTimeout(look, TICK_MS);
  });
  return { timeout, cancel: () => clearTimeout(timer) };
}

async function probe(run: () => Promise<unknown>): Promise<ProbeState> {
  const { timeout, cancel } = unanswered();
  try {
    await Promise.race([run(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    cancel();
  }
}

/**
 * Whether this node can serve requests now: its database answers and, in scaled mode, its
 * Redis does. Checks running at once share one probe, so a load balancer polling hard
 * during an outage piles nothing up behind the one that is waiting.
 */
export function createReadiness(
  pingDatabase: () => Promise<unknown>,
  redisUrl: string | undefined,
): Readiness {
  // A connection of its own: the probe tells whether Redis answers, not whether a queue
  // or the bus happen to be busy. It reconnects by itself once Redis is back.
  const redis = redisUrl
    ? connectRedis(redisUrl, { maxRetriesPerRequest: 0, connectTimeout: PROBE_TIMEOUT_MS })
    : undefined;
  // Connection errors are what the probe reports; they need no log line each.
  redis?.on('error', () => {});
  let running: Promise<ReadinessReport> | undefined;

  const run = async (): Promise<ReadinessReport> => {
    const [database, cache] = await Promise.all([
      probe(pingDatabase),
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
