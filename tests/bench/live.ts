// npm run bench:live -- [spectators=1000] [--publications 100] [--interval 400] [--rows 8]
//                        [--processes <cores>] [--generators 2] [--warmup 3] [--feed]
//
// N spectators subscribed to one competition, on Socket.IO as the pages are or, with --feed,
// on the open live feed (GET /feed, server/feed/; subscribed once its snapshot came). For a
// series of result publications it times commit -> receipt at the last spectator, and prints
// p50, p99 and max, the time N spectators took to connect and subscribe, and the server's
// resident memory per connected spectator (all its live processes; the feed's sockets stay
// in the API process). The server is an API node in a process of its own (embedded
// database, as `npm start`) with LIVE_PROCESSES live processes; the spectators are raw
// websockets in other processes (see liveClients.ts), whose CPU use during the publications
// is printed, so a saturated load generator shows. The load generators run under Linux's
// SCHED_BATCH policy (`chrt`): they keep their share of the cores, but no longer preempt the
// server at each frame that wakes them, which spectators on their own phones never do; their
// receipt times still include whatever wait that costs them. The first publications
// (--warmup) are timed and printed apart: the server's push path is not yet optimised by V8
// and its young generation not yet grown, as in a server that has run for a while. One real
// client (the browser's Socket.IO library, or `ws` on the feed as a third party would) checks
// that the payload it gets is the whole public event at the published version.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { NodeProcess } from '../support/nodeProcess.ts';
import { athlete } from '../support/factory.ts';
import type { ClientsCommand, ClientsMessage, ClientsRequest } from './liveClients.ts';
import { lastReceipts, reportsOf } from './receipts.ts';
import type { SavedEvent } from '../../server/events/service.ts';
import type { LivePayload } from '../../shared/live/messages.ts';
import { FEED_PATH, type FeedMessage } from '../../server/feed/schemas.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    publications: { type: 'string', default: '100' },
    interval: { type: 'string', default: '400' },
    rows: { type: 'string', default: '8' },
    processes: { type: 'string', default: String(os.availableParallelism()) },
    generators: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '3' },
    feed: { type: 'boolean', default: false },
  },
});
const spectators = Number(positionals[0] ?? 1000);
const publications = Number(values.publications);
const intervalMs = Number(values.interval);
const rows = Number(values.rows);
const liveProcesses = Number(values.processes);
const generatorCount = Number(values.generators);
const warmup = Number(values.warmup);
const feed = values.feed;
const protocol = feed ? 'the open feed' : 'Socket.IO';
const counts = [spectators, publications, intervalMs, rows, liveProcesses, generatorCount];
if (!counts.every((n) => Number.isInteger(n) && n > 0) || !Number.isInteger(warmup) || warmup < 0) {
  console.error(
    'Usage: npm run bench:live -- [spectators] [--publications n] [--interval ms] [--rows n] [--processes n] [--generators n] [--warmup n] [--feed]',
  );
  process.exit(2);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

type Memory = Pick<NodeJS.MemoryUsage, 'rss' | 'heapUsed' | 'external'>;

/** The node's memory, its live fan-out processes included. */
async function nodeMemory(node: NodeProcess): Promise<Memory> {
  const { value } = await node.request<NodeJS.MemoryUsage[]>({ op: 'memory' });
  const sum = (key: keyof Memory) => value.reduce((total, usage) => total + usage[key], 0);
  return { rss: sum('rss'), heapUsed: sum('heapUsed'), external: sum('external') };
}

/**
 * The node's memory once it has settled: the embedded database returns memory to the system
 * in steps for some seconds after start-up, which would swamp a per-connection figure.
 */
async function settledMemory(node: NodeProcess): Promise<Memory> {
  let previous: Memory | undefined;
  let steady = 0;
  for (let i = 0; i < 40; i += 1) {
    const value = await nodeMemory(node);
    steady = previous && Math.abs(value.rss - previous.rss) < 512 * 1024 ? steady + 1 : 0;
    if (steady >= 4) return value;
    previous = value;
    await sleep(500);
  }
  return previous!;
}

/** What the checking client was sent of a version: an event changed, on either protocol. */
type Changed = Pick<LivePayload<'event.changed'>, 'event' | 'version'>;

/**
 * One real client of the protocol measured, subscribed, recording each `event.changed` by
 * version; returns its close.
 */
async function check(
  url: string,
  competitionUic: number,
  checked: Map<number, Changed>,
): Promise<() => void> {
  if (!feed) {
    const checker = io(url, { transports: ['websocket'] });
    checker.on('event.changed', (payload: LivePayload<'event.changed'>) =>
      checked.set(payload.version, payload),
    );
    await new Promise<void>((resolve) =>
      checker.emit('subscribe', { competitionUic }, () => resolve()),
    );
    return () => checker.close();
  }
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}${FEED_PATH}?competitionUic=${competitionUic}`,
  );
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as FeedMessage;
      if (message.type === 'snapshot') resolve();
      else if (message.type === 'event.changed') checked.set(message.version, message);
    });
    socket.once('error', reject);
  });
  return () => socket.close();
}

/** Puts a load generator under SCHED_BATCH; false where `chrt` is missing or refused. */
function batchScheduled(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    execFileSync('chrt', ['--all-tasks', '--batch', '--pid', '0', String(child.pid)]);
    return true;
  } catch {
    return false;
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-bench-live-'));
const node = await NodeProcess.start({
  DATA_DIR: dataDir,
  LIVE_PROCESSES: String(liveProcesses),
  // Every spectator comes from this machine's one address; the limit counts Socket.IO's
  // sockets and the feed's together.
  LIVE_MAX_CONNECTIONS_PER_ADDRESS: String(spectators + 10),
});
const generators: ChildProcess[] = [];
try {
  const { value: fixture } = await node.request<{ competitionUic: number; eventId: string }>({
    op: 'fixture',
    rows,
  });
  const before = await settledMemory(node);

  const processes = Math.min(generatorCount, spectators);
  let policy = '';
  const started = performance.now();
  let connected = 0;
  const ready = Array.from({ length: processes }, (_, index) => {
    const count = Math.floor(spectators / processes) + (index < spectators % processes ? 1 : 0);
    const child = fork(fileURLToPath(new URL('./liveClients.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
    });
    generators.push(child);
    policy = batchScheduled(child) ? 'SCHED_BATCH' : 'default scheduling: chrt failed';
    const request: ClientsRequest = {
      url: node.url,
      count,
      competitionUic: fixture.competitionUic,
      protocol: feed ? 'feed' : 'socket.io',
    };
    child.send(request);
    let mine = 0;
    return new Promise<void>((resolve, reject) => {
      child.on('message', (message: ClientsMessage) => {
        if (message.type === 'progress') {
          connected += message.connected - mine;
          mine = message.connected;
          process.stdout.write(`\r  connecting spectators: ${connected} / ${spectators}`);
        } else if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(new Error(message.error));
      });
    });
  });
  await Promise.all(ready);
  const connectSeconds = (performance.now() - started) / 1000;
  console.log(
    `\r  ${spectators} spectators connected and subscribed in ${connectSeconds.toFixed(1)} s`,
  );

  const checked = new Map<number, Changed>();
  const closeChecker = await check(node.url, fixture.competitionUic, checked);

  const after = await settledMemory(node);

  for (const child of generators) child.send({ type: 'mark' } satisfies ClientsCommand);
  /** Version -> commit time, the warm-up's apart. */
  const committed = new Map<number, number>();
  const warmups = new Map<number, number>();
  let payloadBytes = 0;
  for (let i = 1; i <= warmup + publications; i += 1) {
    const results = Array.from({ length: rows }, (_, r) =>
      athlete({
        name: `Athlete ${r + 1}`,
        bib: String(100 + r),
        lane: String(r + 1),
        rank: String(r + 1),
        performance: (10 + r * 0.05 + i / 1000).toFixed(3),
      }),
    );
    const { value: saved, at } = await node.request<SavedEvent>({
      op: 'updateEvent',
      eventId: fixture.eventId,
      fields: { results, status: 'official', windSpeed: '+1.2' },
    });
    (i <= warmup ? warmups : committed).set(saved.version, at);
    await sleep(intervalMs);
  }
  await sleep(2000);

  const reports = await reportsOf(generators);

  /**
   * Commit -> receipt at the last spectator of each version all of them received; and the
   * checking client got each version whole.
   */
  const latenciesOf = (versions: Map<number, number>) => {
    for (const version of versions.keys()) {
      const payload = checked.get(version);
      if (
        !payload ||
        payload.event.id !== fixture.eventId ||
        payload.event.results.length !== rows ||
        payload.event.version !== version
      ) {
        throw new Error(`The ${protocol} client did not get version ${version} whole`);
      }
      payloadBytes = JSON.stringify(payload).length;
    }
    return lastReceipts(reports, versions, spectators);
  };
  const latencies = latenciesOf(committed);
  const warmupLatencies = latenciesOf(warmups);
  const incomplete = publications - latencies.length;
  closeChecker();

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const perClient = (key: 'rss' | 'heapUsed' | 'external') =>
    ((after[key] - before[key]) / spectators / 1024).toFixed(1);
  console.log(`
  bench:live  ${spectators} spectators on ${protocol}, ${publications} publications every ${intervalMs} ms,
              ${rows} result rows (${(payloadBytes / 1024).toFixed(1)} KB payload), ${os.cpus().length} cores
  commit -> receipt at the last spectator:
    p50 ${ms(quantile(latencies, 0.5))}   p99 ${ms(quantile(latencies, 0.99))}   max ${ms(latencies.at(-1) ?? NaN)}
  publications every spectator received: ${latencies.length} / ${publications}${incomplete ? `  (${incomplete} missed by someone)` : ''}
  warm-up before them (not counted): ${warmup ? `${warmupLatencies.map(ms).join(', ')}${warmupLatencies.length < warmup ? '; missed by someone' : ''}` : 'none'}
  connect and subscribe: ${spectators} spectators in ${connectSeconds.toFixed(1)} s
  live processes: ${liveProcesses}; load generators: ${processes} processes (${policy}) using ${reports.map(({ cpuShare }) => `${Math.round(cpuShare * 100)}%`).join(', ')} of a core during the publications
  server RSS (all live processes): ${(before.rss / 1048576).toFixed(1)} MB before, ${(after.rss / 1048576).toFixed(1)} MB with the spectators:
    ${perClient('rss')} KB RSS per connected spectator (JS heap ${perClient('heapUsed')} KB, buffers ${perClient('external')} KB)
`);
  if (incomplete > 0 || warmupLatencies.length < warmup) process.exitCode = 1;
} finally {
  for (const child of generators) if (child.connected) child.disconnect();
  await node.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
