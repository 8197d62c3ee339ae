import type { ChildProcess } from 'node:child_process';
import type { ClientsCommand, ClientsMessage } from './liveClients.ts';

/** What a load generator (liveClients.ts) reports: receipts by key, and its CPU share. */
export type Report = Extract<ClientsMessage, { type: 'report' }>;

/** Asks each load generator for its report. */
export function reportsOf(generators: readonly ChildProcess[]): Promise<Report[]> {
  return Promise.all(
    generators.map(
      (child) =>
        new Promise<Report>((resolve) => {
          child.on('message', (message: ClientsMessage) => {
            if (message.type === 'report') resolve(message);
          });
          child.send({ type: 'report' } satisfies ClientsCommand);
        }),
    ),
  );
}

/**
 * From when each key (an event's version) was sent, to its receipt at the last of the
 * `spectators`, for each key all of them received, fastest first.
 */
export function lastReceipts(
  reports: readonly Report[],
  sentAt: ReadonlyMap<number | string, number>,
  spectators: number,
): number[] {
  const latencies: number[] = [];
  for (const [key, at] of sentAt) {
    let received = 0;
    let last = 0;
    for (const { receipts } of reports) {
      const [count, time] = receipts[key] ?? [0, 0];
      received += count;
      last = Math.max(last, time);
    }
    if (received === spectators) latencies.push(last - at);
  }
  return latencies.sort((a, b) => a - b);
}
