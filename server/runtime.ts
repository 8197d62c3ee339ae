import type { Config } from './config.ts';
import { connectDatabase, type ConnectOptions, type Db } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { InProcessBus, RedisStreamBus, type Bus } from './infra/bus.ts';
import { BullMqQueue, InProcessQueue, type JobQueue } from './infra/queue.ts';
import { createRateLimits, type RateLimits } from './infra/rateLimit.ts';
import type { Logger } from './infra/logger.ts';
import { watchQueueDepth } from './infra/metrics.ts';
import { Mailer } from './mail/mailer.ts';
import { deliverDueNotices } from './outbox/live.ts';
import { startSweeper } from './outbox/sweeper.ts';
import { requeueStrandedUploads } from './uploads/sweep.ts';
import { settleHeldResults } from './events/settle.ts';
import { dropExpiredFailedUploads } from './uploads/retention.ts';

/** The services every part of the product uses; the mode was chosen here, once. */
export interface Runtime {
  config: Config;
  db: Db;
  /** Whether the database answers now, for /readyz (db/connect.ts). */
  pingDatabase(): Promise<void>;
  bus: Bus;
  queue: JobQueue;
  mailer: Mailer;
  limits: RateLimits;
  /** The process's logger (server/infra/logger.ts), for what runs outside a request. */
  log: Logger;
  close(): Promise<void>;
}

/** What a service that changes data needs: the database, and the bus to announce it on. */
export type ChangeDeps = Pick<Runtime, 'db' | 'bus'>;

export async function createRuntime(
  config: Config,
  log: Logger,
  dbOptions: Omit<ConnectOptions, 'onPoolError'> = {},
): Promise<Runtime> {
  const database = await connectDatabase(config.database, {
    ...dbOptions,
    onPoolError: (err) => log.warn({ err }, 'database connection lost; the pool reconnects'),
  });
  await migrateToLatest(database.db);
  const bus: Bus = config.redisUrl
    ? new RedisStreamBus(config.redisUrl, log)
    : new InProcessBus(log);
  const queue: JobQueue = config.redisUrl
    ? new BullMqQueue(config.redisUrl, log)
    : new InProcessQueue(log);
  const db = database.db;
  const unwatchQueue = watchQueueDepth(() => queue.depth());
  const mailer = new Mailer(
    db,
    config.recovery,
    log,
    config.smtpUrl ? { url: config.smtpUrl, from: config.mailFrom } : null,
  );
  const limits = createRateLimits(config.redisUrl, config.rateLimitPrefix);
  // Nothing lost, nothing stuck, without a restart: every process, API node or worker,
  // finishes what another left (README "Reliability").
  const sweeper = startSweeper(
    [
      { name: 'live notices', run: () => deliverDueNotices({ db, bus, log }, config.recovery) },
      { name: 'e-mail', run: () => mailer.deliverDue() },
      {
        name: 'stranded uploads',
        run: () => requeueStrandedUploads({ db, queue, log }, config.recovery.uploadLeaseMs),
      },
      {
        name: 'held results',
        run: () => settleHeldResults({ db, bus }, config.recovery.resultsSettleMs),
      },
      {
        name: 'failed upload files',
        run: () => dropExpiredFailedUploads(db, config.failedUploadRetentionMs),
      },
    ],
    config.recovery.sweepIntervalMs,
    log,
  );
  return {
    config,
    db: database.db,
    pingDatabase: database.ping,
    bus,
    queue,
    mailer,
    limits,
    log,
    async close() {
      unwatchQueue();
      await sweeper.stop();
      mailer.close();
      await limits.close();
      await queue.close();
      await bus.close();
      await database.close();
    },
  };
}
