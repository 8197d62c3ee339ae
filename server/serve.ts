import type { FastifyInstance } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import type { Config } from './config.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import { buildApp } from './app.ts';
import { bootstrapData } from './bootstrap.ts';
import { createLogger } from './infra/logger.ts';
import { stopOnSignals } from './infra/shutdown.ts';
import { registerProcessors } from '../worker/processors.ts';

export interface RunningServer {
  app: FastifyInstance;
  runtime: Runtime;
  url: string;
  /** Stops everything started after start-up (a simulator, say) and then the server. */
  onShutdown(stop: () => Promise<void> | void): void;
}

/**
 * Starts Rith on one port: runtime, data, HTTP, live updates. `npm start` and
 * `npm run demo:live` both start here.
 */
export async function serve(
  config: Config,
  log: PinoLogger = createLogger(config, 'rith-api'),
): Promise<RunningServer> {
  const startedAt = performance.now();
  // One logger for the process: the runtime's parts and every request's lines.
  const runtime = await createRuntime(config, log);
  // The app is built while the data is: the live fan-out processes buildApp starts then load
  // while a first run's demo data is seeded, not after. Nothing is served before both are done.
  const [data, app] = await Promise.all([
    bootstrapData(runtime.db, config.seedDemo),
    buildApp(runtime, { logger: log }),
  ]);
  // Embedded mode runs the upload jobs in this process; scaled mode has `npm run worker`.
  const processors = config.redisUrl ? null : await registerProcessors(runtime);
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const stops: (() => Promise<void> | void)[] = [];
  const server: RunningServer = { app, runtime, url, onShutdown: (stop) => stops.push(stop) };

  // app.close() answers new requests 503 (/readyz too), closes the live sockets (pages
  // reconnect elsewhere) and waits for the requests in flight; then the jobs running here
  // finish and the connections close.
  stopOnSignals(log, config.shutdownTimeoutMs, async () => {
    for (const stop of stops) await stop();
    await app.close();
    await runtime.close();
    await processors?.close();
  });

  app.addHook('onListen', async () => {
    const mode =
      config.database.kind === 'pglite'
        ? `embedded database in ${config.database.dataDir}`
        : 'PostgreSQL';
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const lines = [
      '',
      `  Rith is serving ${url}  (${mode}${config.redisUrl ? ', Redis' : ''}; ready in ${seconds} s)`,
    ];
    if (data.seeded) lines.push('  Demo data was seeded into the new database.');
    if (data.demoLogin) {
      lines.push(
        `  Demo admin login: ${data.demoLogin.email} / ${data.demoLogin.password}  (${url}/login)`,
      );
    }
    console.log(lines.join('\n') + '\n');
  });
  await app.listen({ port: config.port, host: config.host });
  return server;
}
