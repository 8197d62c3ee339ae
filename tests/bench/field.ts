// npm run bench:field -- [spectators=1000] [--interval 250] [--generators 2]
//
// The officials' field card under a meet's load, on the server exactly as `npm start` runs it
// (the compiled entry point, NODE_ENV=production, the embedded database in a new DATA_DIR).
// A real competition's series is replayed trial by trial, in the order the rules call the
// athletes: FieldLynx's men's shot put of two flights (tests/fixtures/finishlynx/038-1-0*.lff,
// 21 athletes, 9 to the final as that meet had it), each trial posted as a judge's card posts
// it (Bearer field token) while N spectators follow the competition on raw websockets in other
// processes (liveClients.ts). For each trial it times posted -> the last spectator holding the
// event's version that trial made, and prints p50, p99 and max (target: p99 <= 300 ms with
// 1,000 spectators), then replays the whole competition again back to back into a second event
// and prints how long the card's API took for all of it.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseLff } from '../../server/parsers/lynx/index.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { FieldCard } from '../../shared/schemas/field.ts';
import type { AdminClubs, AdminCompetition, AdminEvent } from '../../shared/schemas/admin.ts';
import type { CreatedToken } from '../../shared/schemas/timingRoom.ts';
import { AdminClient, ADMIN_PASSWORD, competitionBody } from '../support/admin.ts';
import { TokenClient } from '../support/tokens.ts';
import type { ClientsCommand, ClientsMessage, ClientsRequest } from './liveClients.ts';
import { lastReceipts, reportsOf } from './receipts.ts';
import { startRith } from './product.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    interval: { type: 'string', default: '250' },
    generators: { type: 'string', default: '2' },
  },
});
const spectators = Number(positionals[0] ?? 1000);
const intervalMs = Number(values.interval);
const generatorCount = Number(values.generators);

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** FieldLynx's two flights of event 38: each athlete's flight, order and six trials. */
function series(): { start: AthleteRow[]; trials: Map<string, string[]> } {
  const start: AthleteRow[] = [];
  const trials = new Map<string, string[]>();
  for (const flight of [1, 2]) {
    const name = `038-1-0${flight}.lff`;
    const parsed = parseLff(
      fs.readFileSync(path.join(root, 'tests/fixtures/finishlynx', name)),
      name,
    );
    if (!parsed.ok) throw new Error(`${name} unreadable`);
    for (const row of parsed.value.rows) {
      if (row.rank === 'DNS' || !row.bib) continue;
      start.push({
        ...row,
        id: `${flight}-${row.bib}`,
        flight,
        rank: null,
        performance: null,
        best: null,
        attempts: [],
      });
      trials.set(
        row.bib,
        (row.attempts ?? []).map((cell) => (cell ?? '-').toLowerCase()),
      );
    }
  }
  return { start, trials };
}

async function spectatorsOn(url: string, competitionUic: number): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  await Promise.all(
    Array.from({ length: generatorCount }, (_, index) => {
      const count =
        Math.floor(spectators / generatorCount) + (index < spectators % generatorCount ? 1 : 0);
      const child = fork(here('./liveClients.ts'), [], { execArgv: ['--import', 'tsx'] });
      children.push(child);
      try {
        execFileSync('chrt', ['--all-tasks', '--batch', '--pid', '0', String(child.pid)]);
      } catch {
        // default scheduling where chrt is missing
      }
      child.send({ url, count, competitionUic, protocol: 'socket.io' } satisfies ClientsRequest);
      return new Promise<void>((resolve, reject) =>
        child.on('message', (message: ClientsMessage) => {
          if (message.type === 'ready') resolve();
          else if (message.type === 'failed') reject(new Error(message.error));
        }),
      );
    }),
  );
  return children;
}

/** Each trial of the competition, in the order the card calls them (its `up`). */
async function replay(
  judge: TokenClient,
  eventId: string,
  trials: Map<string, string[]>,
  onPosted: (at: number, version: number) => Promise<void>,
): Promise<{ posts: number[]; count: number }> {
  const posts: number[] = [];
  let card = (await judge.json<FieldCard>(`/api/field/events/${eventId}`)).body;
  let version = card.version;
  for (;;) {
    const up = card.up;
    const mark = up ? trials.get(up.bib)?.[up.trial - 1] : undefined;
    if (!up || mark === undefined) break;
    const at = now();
    const res = await judge.fetch(`/api/field/events/${eventId}/attempts`, {
      method: 'POST',
      json: { id: randomUUID(), bib: up.bib, round: up.trial, mark },
    });
    posts.push(now() - at);
    if (res.status !== 201) throw new Error(`trial refused: ${res.status} ${await res.text()}`);
    version += 1;
    await onPosted(at, version);
    card = (await judge.json<FieldCard>(`/api/field/events/${eventId}`)).body;
    if (card.version !== version) throw new Error(`version ${card.version}, expected ${version}`);
  }
  return { posts, count: posts.length };
}

const build = () => {
  for (const script of ['scripts/build-client.mjs', 'scripts/build-server.mjs']) {
    execFileSync(process.execPath, [script, '--if-stale'], { cwd: root, stdio: 'inherit' });
  }
};

build();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-bench-field-'));
const env = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  LIVE_MAX_CONNECTIONS_PER_ADDRESS: String(spectators + 10),
};
const email = `judge-${Date.now()}@example.com`;
execFileSync(
  process.execPath,
  ['dist/scripts/admin-create.js', '--email', email, '--club', 'Bench Harriers'],
  {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ADMIN_PASSWORD, ...env },
    stdio: 'ignore',
  },
);
const server = await startRith(env);
const generators: ChildProcess[] = [];
try {
  const admin = new AdminClient(server.url);
  if (!(await admin.login(email, ADMIN_PASSWORD)).ok) throw new Error('login failed');
  const { body: clubs } = await admin.json<AdminClubs>('/api/admin/clubs');
  const { body: competition } = await admin.json<AdminCompetition>('/api/admin/competitions', {
    method: 'POST',
    json: competitionBody(clubs.clubs[0]!.uic, { liveNow: true }),
  });
  const { start, trials } = series();
  const shotPut = async (name: string) => {
    const { status, body } = await admin.json<AdminEvent>(
      `/api/admin/competitions/${competition.uic}/events`,
      {
        method: 'POST',
        json: {
          eventName: name,
          eventType: 'JUMP',
          fieldDiscipline: 'SHOT_PUT',
          round: 'finals',
          time: '14:00',
          startListType: 'MANUAL',
          startListFile: start,
        },
      },
    );
    if (status !== 200 && status !== 201)
      throw new Error(`event not made: ${status} ${JSON.stringify(body)}`);
    return body.id;
  };
  const watched = await shotPut('Men Shot Put');
  const replayed = await shotPut('Men Shot Put (replay)');
  const { body: token } = await admin.json<CreatedToken>(
    `/api/admin/competitions/${competition.uic}/tokens`,
    {
      method: 'POST',
      json: { name: 'Bench judge', role: 'field' },
    },
  );
  const judge = new TokenClient(server.url, token.token);
  for (const id of [watched, replayed]) {
    await judge.fetch(`/api/field/events/${id}/settings`, {
      method: 'PUT',
      json: { trials: 6, trialsBeforeCut: 3, finalists: 9 },
    });
  }

  const connecting = now();
  generators.push(...(await spectatorsOn(server.url, competition.uic)));
  const connectSeconds = (now() - connecting) / 1000;
  for (const child of generators) child.send({ type: 'mark' } satisfies ClientsCommand);

  const posted = new Map<number, number>();
  const watchedRun = await replay(judge, watched, trials, async (at, version) => {
    posted.set(version, at);
    await sleep(intervalMs);
  });
  await sleep(1500);
  const reports = await reportsOf(generators);
  const latencies = lastReceipts(reports, posted, spectators);
  const missed = posted.size - latencies.length;

  const started = now();
  const fast = await replay(judge, replayed, trials, async () => undefined);
  const replaySeconds = (now() - started) / 1000;
  const posts = [...fast.posts].sort((a, b) => a - b);

  console.log(`
  bench:field  ${spectators} spectators on Socket.IO, ${watchedRun.count} trials of FieldLynx's 038 men's shot put
               (two flights, 21 athletes, 9 to the final), one every ${intervalMs} ms, npm start in production mode, ${os.cpus().length} cores
  trial posted -> the last spectator holding it:
    p50 ${ms(quantile(latencies, 0.5))}   p99 ${ms(quantile(latencies, 0.99))}   max ${ms(latencies.at(-1) ?? NaN)}
  trials every spectator received: ${latencies.length} / ${watchedRun.count}${missed ? `  (${missed} missed by someone)` : ''}
  connect and subscribe: ${spectators} spectators in ${connectSeconds.toFixed(1)} s; load generators used ${reports.map(({ cpuShare }) => `${Math.round(cpuShare * 100)}%`).join(', ')} of a core
  the whole competition replayed back to back (post, then read the card, as the phone does):
    ${fast.count} trials in ${replaySeconds.toFixed(2)} s; each post p50 ${ms(quantile(posts, 0.5))}   p99 ${ms(quantile(posts, 0.99))}
`);
  if (missed > 0) process.exitCode = 1;
} finally {
  for (const child of generators) if (child.connected) child.disconnect();
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
