import type { Logger } from './logger.ts';

/**
 * A stop on SIGTERM (a deploy, docker stop) or SIGINT (Ctrl-C): `stop` finishes what is in
 * flight and closes everything, then the process exits 0. A stop still running after
 * `deadlineMs` (a request or job that does not end, a service that does not answer) ends the
 * process with code 1 and a log line saying so, before an orchestrator's SIGKILL would, and
 * so does a second signal.
 */
export function stopOnSignals(log: Logger, deadlineMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.error({ signal }, 'second signal while stopping; exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, deadlineMs }, 'stopping: finishing requests and jobs in flight');
    // Not unref'd: the deadline holds even when what is stuck holds nothing open.
    setTimeout(() => {
      log.error({ deadlineMs }, 'stop did not finish within the deadline; exiting anyway');
      process.exit(1);
    }, deadlineMs);
    stop().then(
      () => {
        log.info({}, 'stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
