// npm run bench:agent -- [spectators=1000] [--heats 40] [--lines 3]
//
// The timing room end to end, as deployed: Rith (`server/main.ts`, embedded database, in a
// process of its own), the agent (`agent/main.ts`, a process of its own) watching a folder
// with its scoreboard port open, and N spectators subscribed to the competition (raw
// websockets in two load processes, see liveClients.ts). For a meet's worth of heats it times
//   * a scoreboard result line: written to the agent's TCP port -> the last spectator holding
//     the heat's unofficial results with that line;
//   * a heat's .lif: the file's last write in the folder -> the last spectator holding the
//     official results (this includes the agent waiting for the file to settle).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AgentProcess } from '../support/agentProcess.ts';
import { loadRithLss, lssStream, type LssHeat, type LssResultLine } from '../support/lss.ts';
import { freePort } from '../support/ports.ts';
import { publicMeet } from '../support/meets.ts';
import { createAdminAccount, runScript, timingRoomOf, untilUp } from '../support/rithProcess.ts';
import type { ClientsMessage, ClientsRequest } from './liveClients.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { heats: { type: 'string', default: '40' }, lines: { type: 'string', default: '3' } },
});
const spectators = Number(positionals[0] ?? 1000);
const heats = Number(values.heats);
const linesPerHeat = Number(values.lines);
if (![spectators, heats, linesPerHeat].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('Usage: npm run bench:agent -- [spectators] [--heats n] [--lines n]');
  process.exit(2);
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const RUNNERS = 8;

const GROUPS = ['Men', 'Women', 'Boys', 'Girls', 'Masters Men', 'Masters Women'];
const RACES = [
  '100 Meter Dash',
  '200 Meter Dash',
  '400 Meter Dash',
  '800 Meter Run',
  '1500 Meter Run',
  '3000 Meter Run',
  '5000 Meter Run',
];

/** A meet of `heats` races of their own (event k, round 1, heat 1), eight runners each. */
function meet() {
  const heat = (k: number): LssHeat => ({
    eventNumber: k,
    round: 1,
    heat: 1,
    eventName: `${GROUPS[(k - 1) % GROUPS.length]} ${RACES[Math.floor((k - 1) / GROUPS.length) % RACES.length]}`,
  });
  const runner = (k: number, r: number) => ({
    bib: String(k * 100 + r),
    lane: String(r),
    last: `Runner${r}`,
    first: `Race${k}`,
    club: `Club ${r}`,
    time: (10.5 + r * 0.113 + k / 1000).toFixed(3),
  });
  const evt = Array.from({ length: heats }, (_, i) => {
    const k = i + 1;
    const entries = Array.from({ length: RUNNERS }, (_, r) => {
      const a = runner(k, r + 1);
      return `,${a.bib},${a.lane},${a.last},${a.first},${a.club}`;
    });
    return [`${k},1,1,${heat(k).eventName},,,,,,100`, ...entries].join('\r\n');
  }).join('\r\n');
  const lif = (k: number) =>
    [
      `${k},1,1,${heat(k).eventName},+0.8,M/S,,,,100,14:00:00.0000`,
      ...Array.from({ length: RUNNERS }, (_, r) => {
        const a = runner(k, r + 1);
        return `${r + 1},${a.bib},${a.lane},${a.last},${a.first},${a.club},${a.time}`;
      }),
    ].join('\r\n') + '\r\n';
  const captured = (k: number, n: number): LssResultLine[] =>
    Array.from({ length: n }, (_, r) => {
      const a = runner(k, r + 1);
      return {
        place: String(r + 1),
        lane: a.lane,
        id: a.bib,
        name: `${a.last}, ${a.first}`,
        time: a.time.slice(0, -1),
      };
    });
  return { heat, evt: evt + '\r\n', lif, captured };
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-bench-agent-'));
const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-bench-lynx-'));
const children: ChildProcess[] = [];
let agent: AgentProcess | null = null;
try {
  const env = { DATA_DIR: dataDir };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const email = await createAdminAccount(env);
  children.push(
    runScript('server/main.ts', {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Every spectator comes from this machine's one address.
      LIVE_MAX_CONNECTIONS_PER_ADDRESS: String(spectators + 10),
    }),
  );
  await untilUp(url);
  const { competitionUic, token } = await timingRoomOf(url, email);

  const { heat, evt, lif, captured } = meet();
  await fs.writeFile(path.join(folder, 'lynx.evt'), evt);
  const scoreboardPort = await freePort();
  agent = AgentProcess.start({ url, token, folder, scoreboardPort });
  await agent.waitFor(/published\s+lynx\.evt/, 60_000);
  const ids = new Map(
    (await publicMeet(url, competitionUic)).map((e) => [e.eventName, e.id] as const),
  );

  // Two load processes: the server and the agent share the machine with them.
  const processes = spectators >= 2 ? 2 : 1;
  const started = performance.now();
  const waiting = new Map<string, () => void>();
  const receipts = new Map<string, [number, number]>();
  const ready = Array.from({ length: processes }, (_, index) => {
    const count = Math.floor(spectators / processes) + (index < spectators % processes ? 1 : 0);
    const child = fork(fileURLToPath(new URL('./liveClients.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
    });
    children.push(child);
    const request: ClientsRequest = { url, count, competitionUic, keyBy: 'stage' };
    child.send(request);
    return new Promise<void>((resolve, reject) => {
      child.on('message', (message: ClientsMessage) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(new Error(message.error));
        else if (message.type === 'report') {
          for (const [key, [count, last]] of Object.entries(message.receipts)) {
            const held = receipts.get(key) ?? [0, 0];
            receipts.set(key, [held[0] + count, Math.max(held[1], last)]);
          }
          for (const wake of waiting.values()) wake();
        }
      });
    });
  });
  await Promise.all(ready);
  console.log(
    `  ${spectators} spectators subscribed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  let incomplete = 0;
  /**
   * The time the last spectator received `key`, once all have (asking the load processes); a
   * key some spectator never got within the wait counts as incomplete, timed at the last
   * one that did.
   */
  async function lastReceipt(key: string, ms = 15_000): Promise<number> {
    const until = Date.now() + ms;
    for (;;) {
      receipts.clear();
      const answered = new Promise<void>((resolve) => {
        let left = processes;
        waiting.set(key, () => {
          if (--left === 0) resolve();
        });
      });
      for (const child of children.slice(-processes)) child.send({ type: 'report' });
      await answered;
      waiting.delete(key);
      const [count, last] = receipts.get(key) ?? [0, 0];
      if (count >= spectators) return last;
      if (Date.now() > until) {
        if (count === 0) throw new Error(`${key}: no spectator received it`);
        console.log(`  ${key}: ${count} of ${spectators} spectators`);
        incomplete += 1;
        return last;
      }
      await sleep(20);
    }
  }

  const scoreboard = net.connect(scoreboardPort, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    scoreboard.once('connect', resolve);
    scoreboard.once('error', reject);
  });
  const script = loadRithLss();
  const lineLatency: number[] = [];
  const fileLatency: number[] = [];
  for (let k = 1; k <= heats; k++) {
    const id = ids.get(heat(k).eventName);
    if (!id) throw new Error(`no event for race ${k}`);
    // The operator reads the photo: one more finisher on the scoreboard each time.
    for (let n = 1; n <= linesPerHeat; n++) {
      const bytes = lssStream(script, [{ type: 'results', heat: heat(k), lines: captured(k, n) }]);
      const sent = now();
      scoreboard.write(bytes);
      lineLatency.push((await lastReceipt(`${id}:live${n}`)) - sent);
    }
    // FinishLynx saves the heat.
    await fs.writeFile(path.join(folder, `${String(k).padStart(3, '0')}-1-01.lif`), lif(k));
    const written = now();
    fileLatency.push((await lastReceipt(`${id}:official`)) - written);
    process.stdout.write(`\r  heat ${k} / ${heats}`);
  }
  scoreboard.destroy();

  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const line = (label: string, samples: number[], target: string) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return `    ${label} p50 ${ms(quantile(sorted, 0.5))}   p99 ${ms(quantile(sorted, 0.99))}   max ${ms(sorted.at(-1) ?? NaN)}   (${samples.length} samples; target p99 ${target})`;
  };
  console.log(`
  bench:agent  ${spectators} spectators, ${heats} heats of ${RUNNERS}, ${linesPerHeat} scoreboard updates a heat, ${os.cpus().length} cores
  to the last spectator holding it:
${line('scoreboard result line -> unofficial results:', lineLatency, '<= 500 ms')}
${line('.lif last write -> official results:         ', fileLatency, '<= 1000 ms')}
  (the .lif figure includes the agent waiting for the file to settle; server, agent and the
   ${spectators} spectators' load processes share the machine)
  updates every spectator received: ${lineLatency.length + fileLatency.length - incomplete} / ${lineLatency.length + fileLatency.length}
`);
  if (incomplete > 0) process.exitCode = 1;
} finally {
  await agent?.stop('SIGKILL');
  for (const child of children) {
    if (child.connected) child.disconnect();
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  await fs.rm(folder, { recursive: true, force: true });
  await sleep(500);
  await fs.rm(dataDir, { recursive: true, force: true });
}
