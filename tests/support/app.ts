import fs from 'node:fs/promises';
import { inject } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config.ts';
import { createRuntime, type Runtime } from '../../server/runtime.ts';
import { buildApp } from '../../server/app.ts';
import { registerProcessors } from '../../worker/processors.ts';
import { trackCachedReads } from './cachedReads.ts';

export type TestDb = 'pglite' | 'postgres';

/** Which database this test project runs on (set per project in vitest.config.ts). */
export function testDbKind(): TestDb {
  return process.env.RITH_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestApp {
  url: string;
  app: FastifyInstance;
  runtime: Runtime;
  close(): Promise<void>;
}

/** A logger for tests: the assertions say what went wrong. */
export const quietLogger = { info() {}, warn() {}, error() {} };

/**
 * This worker's PostgreSQL database: each test worker has its own (tests/support/globalSetup.ts),
 * so files that run side by side never see each other's rows.
 */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // One live process: a test that needs fan-out processes asks for them.
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    LIVE_PROCESSES: '1',
  });
  const database: Config['database'] =
    testDbKind() === 'postgres'
      ? { kind: 'postgres', url: testDatabaseUrl() }
      : { kind: 'pglite', dataDir: undefined };
  return { ...base, database, ...overrides };
}

/** Starts the real app on a random port over a migrated database of its own (embedded) or the shared test database. */
export async function startTestApp(
  options: {
    serveClient?: boolean;
    config?: Partial<Config>;
    logger?: FastifyBaseLogger;
    /** false: no job runs in this process (a test that starts and stops the worker itself). */
    processors?: boolean;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.config);
  const loadDataDir =
    config.database.kind === 'pglite'
      ? new Blob([await fs.readFile(inject('pgliteTemplate'))])
      : undefined;
  const log = options.logger ?? quietLogger;
  const runtime = await createRuntime(config, log, loadDataDir ? { loadDataDir } : {});
  const app = await buildApp(runtime, {
    serveClient: options.serveClient ?? false,
    logger: options.logger ?? false,
  });
  trackCachedReads(runtime.db, app.publicReads.cache);
  // As npm start does: upload jobs run in this process unless a worker process serves Redis.
  const processors =
    config.redisUrl || options.processors === false ? null : await registerProcessors(runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    runtime,
    async close() {
      // A browser's connection torn down with its page may still look busy to the server: a
      // test's app does not wait its minute out, it cuts what is left after a second.
      const cut = setTimeout(() => app.server.closeAllConnections(), 1_000).unref();
      await app.close();
      clearTimeout(cut);
      await runtime.close();
      await processors?.close();
    },
  };
}
