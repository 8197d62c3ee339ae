import type { Config } from './config.ts';
import { connectDatabase, type ConnectOptions, type Db } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { InProcessBus, RedisStreamBus, type Bus } from './infra/bus.ts';
import { BullMqQueue, InProcessQueue, type JobQueue } from './infra/queue.ts';

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
  return {
    config,
    db: database.db,
    bus,
    queue,
    async close() {
      await queue.close();
      await bus.close();
      await database.close();
    },
  };
}
