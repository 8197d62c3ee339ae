import { ConfigError, loadConfig } from '../server/config.ts';
import { consoleLogger, createRuntime } from '../server/runtime.ts';
import { registerProcessors } from './processors.ts';

/**
 * Scaled mode's job runner: `npm run worker` next to the API nodes. In embedded mode the
 * API process runs the same processors itself, so this entry point needs REDIS_URL.
 */
async function main() {
  const config = loadConfig();
  if (!config.redisUrl) {
    throw new ConfigError(
      'npm run worker needs REDIS_URL (and DATABASE_URL): without them, npm start runs jobs in-process.',
    );
  }
  const runtime = await createRuntime(config, consoleLogger);
  const processors = await registerProcessors(runtime);
  console.log(`Rith worker processing: ${processors.names.join(', ')}`);

  const shutdown = async () => {
    await runtime.close();
    await processors.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
