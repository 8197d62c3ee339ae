import type { Config } from './config.ts';
import { connectDatabase, type ConnectOptions, type Db } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { InProcessBus, RedisStreamBus, type Bus } from './infra/bus.ts';
import { BullMqQueue, InProcessQueue, type JobQueue } from './infra/queue.ts';
import { createRateLimits, type RateLimits } from './infra/rateLimit.ts';
import { OutboxMailer, SmtpMailer, type Mailer } from './mail/mailer.ts';

export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** For processes started from a terminal: the message first, the details after it. */
export const consoleLogger: Logger = {
  info: (obj, msg) => console.log(msg ?? obj),
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

/** The services every part of the product uses; the mode was chosen here, once. */
export interface Runtime {
  config: Config;
  db: Db;
  bus: Bus;
  queue: JobQueue;
  mailer: Mailer;
  limits: RateLimits;
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
  const bus: Bus = config.redisUrl ? new RedisStreamBus(config.redisUrl, log) : new InProcessBus();
  const queue: JobQueue = config.redisUrl
    ? new BullMqQueue(config.redisUrl, log)
    : new InProcessQueue(log);
  const mailer: Mailer = config.smtpUrl
    ? new SmtpMailer(database.db, config.smtpUrl, config.mailFrom)
    : new OutboxMailer(database.db, log);
  const limits = createRateLimits(config.redisUrl, config.rateLimitPrefix);
  return {
    config,
    db: database.db,
    bus,
    queue,
    mailer,
    limits,
    async close() {
      mailer.close();
      await limits.close();
      await queue.close();
      await bus.close();
      await database.close();
    },
  };
}
