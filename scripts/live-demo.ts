// `npm run demo:live [-- --step 2500]`: Rith as `npm start` serves it, with a meet played
// live in the same process (the embedded database allows one process), so a newcomer can
// open the site and watch results arrive.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.ts';
import { serve } from '../server/serve.ts';
import { prepareMeet, runMeet } from './simulator/meet.ts';

async function main() {
  const { values } = parseArgs({
    options: { step: { type: 'string', default: '2500' } },
  });
  const stepMs = Number(values.step);
  if (!Number.isInteger(stepMs) || stepMs < 0) {
    throw new ConfigError('--step takes the pause between steps in milliseconds, e.g. --step 2500');
  }
  const server = await serve(loadConfig());
  const meet = await prepareMeet(server.runtime);
  const stop = new AbortController();
  server.onShutdown(() => stop.abort());
  console.log(
    `  Live demo: ${server.url}/${meet.clubUrlName}/${meet.competitionUrlName}` +
      ` (a step every ${stepMs / 1000} s; Ctrl+C stops)\n`,
  );
  const time = () => new Date().toLocaleTimeString('en-IE');
  await runMeet(server.runtime, meet, {
    stepMs,
    signal: stop.signal,
    log: (line) => console.log(`  ${time()}  ${line}`),
  }).catch((err: unknown) => {
    if (!stop.signal.aborted) throw err;
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
