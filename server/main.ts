import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger } from './infra/logger.ts';
import { serve } from './serve.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // No logger without a valid configuration: the message names the variable.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const log = createLogger(config, 'rith-api');
serve(config, log).catch((err: unknown) => {
  log.fatal({ err }, 'Rith failed to start');
  process.exit(1);
});
