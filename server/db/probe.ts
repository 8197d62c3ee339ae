import pg from 'pg';

/**
 * Asks PostgreSQL "select 1" for /readyz without queueing behind the requests: while every
 * connection of the pool is taken (a busy node, not a sick one) the question goes over a
 * connection of its own, made when first needed and again after it broke.
 */
export function poolProbe(pool: pg.Pool, url: string, poolSize: number): () => Promise<void> {
  let own: Promise<pg.Client> | null = null;
  const ownConnection = () =>
    (own ??= (async () => {
      const client = new pg.Client({ connectionString: url });
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

  return async () => {
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
}
