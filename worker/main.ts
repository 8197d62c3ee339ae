import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { createRuntime } from '../server/runtime.ts';
import { createLogger, type Logger } from '../server/infra/logger.ts';
import { stopOnSignals } from '../server/infra/shutdown.ts';
import { registerProcessors } from './processors.ts';
import { serveWorkerMetrics } from './metricsServer.ts';

/**
 * Scaled mode's job runner: `npm run worker` next to the API nodes. In embedded mode the
 * API process runs the same processors itself, so this entry point needs REDIS_URL.
 */
async function main(config: Config, log: Logger) {
  const runtime = await createRuntime(config, log);
  const processors = await registerProcessors(runtime);
  const metrics =
    config.metricsPort === undefined ? null : await serveWorkerMetrics(config, config.metricsPort);
  // The queue stops taking jobs and waits for those running; then parsing stops.
  stopOnSignals(log, config.shutdownTimeoutMs, async () => {
    metrics?.close();
    await runtime.close();
    await processors.close();
  });
  const port = config.metricsPort === undefined ? '' : ` (metrics on port ${config.metricsPort})`;
  console.log(`Rith worker processing: ${processors.names.join(', ')}${port}`);
}

let config: Config;
try {
  config = loadConfig();
  if (!config.redisUrl) {
    throw new ConfigError(
      'npm run worker needs REDIS_URL (and DATABASE_URL): without them, npm start runs jobs in-process.',
    );
  }
} catch (err) {
  // No logger without a valid configuration: the message names the variable.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const log = createLogger(config, 'rith-worker');
main(config, log).catch((err: unknown) => {
  log.fatal({ err }, 'the worker failed to start');
  process.exit(1);
});
