import { ConfigError, loadConfig } from './config.ts';
import { serve } from './serve.ts';

serve(loadConfig()).catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Rith failed to start:', err);
  }
  process.exit(1);
});
