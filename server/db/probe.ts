import pg from 'pg';
import { PROBE_TIMEOUT_MS } from '../infra/readiness.ts';

/**
 * Asks PostgreSQL "select 1" for /readyz without queueing behind the requests: while every
 * connection of the pool is taken (a busy node, not a sick one) the question goes over a
 * connection of its own, made when first needed and again after it broke.
 */
export function poolProbe(
  pool: pg.Pool,
  url: string,
  poolSize: number,
): { ping(): Promise<void>; close(): Promise<void> } {
  let own: Promise<pg.Client> | null = null;
  const ownConnection = () =>
    (own ??= (async () => {
      // Never longer than /readyz waits: a hung attempt is given up and made again.
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: PROBE_TIMEOUT_MS,
        query_timeout: PROBE_TIMEOUT_MS,
      });
      client.on('error', () => {
        own = null;
      });
      try {
        await client.connect();
        return client;
      } catch (err) {
        own = null;
        throw err;
      }
    })());

  const ping = async () => {
    const saturated = pool.waitingCount > 0 || pool.totalCount - pool.idleCount >= poolSize;
    if (!saturated) {
      await pool.query('select 1');
      return;
    }
    const client = await ownConnection();
    try {
      await client.query('select 1');
    } catch (err) {
      own = null;
      void client.end().catch(() => {});
      throw err;
    }
  };
  return {
    ping,
    async close() {
      const client = await own?.catch(() => null);
      own = null;
      await client?.end().catch(() => {});
    },
  };
}
