import { ConfigError, loadConfig, type Config } from './config.ts';
import { prepareDataDir } from './db/template.ts';
import { createLogger } from './infra/logger.ts';
import { preforkFanout } from './live/fanout/prefork.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // No logger without a valid configuration: the message names the variable.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const log = createLogger(config, 'rith-api');
// A new embedded data directory is copied from the template while the server's modules load
// (serve.ts is imported after). connectDatabase waits for that copy, or tries again if it
// failed, and reports the failure.
if (config.database.kind === 'pglite' && config.database.dataDir) {
  prepareDataDir(config.database.dataDir).catch(() => {});
}
// The live fan-out processes load their modules meanwhile too; the pool takes them then.
preforkFanout(config.liveProcesses - 1);
import('./serve.ts')
  .then(({ serve }) => serve(config, log))
  .catch((err: unknown) => {
    log.fatal({ err }, 'Rith failed to start');
    process.exit(1);
  });
