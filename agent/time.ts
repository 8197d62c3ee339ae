/** Waiting that a stop can cut short: the agent never keeps a Ctrl-C waiting on a timer. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * A signal that aborts when any of the given ones does (AbortSignal.any is Node 20.3+, and
 * the single-file agent runs on Node 18). `dispose` drops the listeners once the work is done.
 */
export function anySignal(signals: (AbortSignal | undefined)[]): {
  signal: AbortSignal;
  dispose: () => void;
} {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const live = signals.filter((s): s is AbortSignal => s !== undefined);
  for (const signal of live) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', abort, { once: true });
  }
  return {
    signal: controller.signal,
    dispose: () => live.forEach((signal) => signal.removeEventListener('abort', abort)),
  };
}

/** Exponential backoff: 0.5 s doubling to 10 s, the wait before retry number `attempt` (0-based). */
export function backoffMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.min(attempt, 10));
}

/** The local calendar day, "2026-05-14": "files today" counts from the agent's midnight. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "14:02:11", the local time every output line starts with. */
export function clockTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
