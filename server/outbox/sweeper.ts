import type { Logger } from '../infra/logger.ts';

const STOP_WAIT_MS = 2_000;

export interface SweepTask {
  name: string;
  run(): Promise<void>;
}

/**
 * Runs each task every `intervalMs` in this process (every API node and worker runs one):
 * a task still running is not started again, and one that fails (the database or Redis
 * away) is logged and tried at the next tick. The tasks take their rows with leases, so
 * sweeps on several processes never do the same work at once.
 */
export function startSweeper(
  tasks: SweepTask[],
  intervalMs: number,
  log: Pick<Logger, 'warn'>,
): { stop(): Promise<void> } {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const tick = () => {
    for (const task of tasks) {
      if (stopped || running.has(task.name)) continue;
      const run = task
        .run()
        .catch((err: unknown) => {
          if (!stopped) log.warn({ err, task: task.name }, 'recovery sweep failed; next tick');
        })
        .finally(() => running.delete(task.name));
      running.set(task.name, run);
    }
  };
  const timer = setInterval(tick, intervalMs);
  // The sweep never keeps a process alive that has nothing else to do.
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      // A task held up by a service that does not answer is not waited for long.
      await Promise.race([
        Promise.allSettled(running.values()),
        new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref()),
      ]);
    },
  };
}
