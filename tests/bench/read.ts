// npm run bench:read -- [embedded] [postgres] [--env development,production] [--duration 8]
//                        [--connections 50]
//
// Spectators' reads under load, on the server exactly as `npm start` runs it: the compiled
// entry point (dist/server/main.js) with its logger, static files, security headers, request
// ids and compression, in development and in production mode (NODE_ENV), its log lines read
// and counted as a terminal or journald would take them. Next to it, in the same run, the
// limit: a bare Fastify route in a process of its own answering the same bytes as the event
// read. Prints req/s, the share of the bare route, p50, p99, bytes, and the log lines written
// per 1,000 reads. Databases: embedded (PGlite in a temporary DATA_DIR) always unless named;
// postgres when DATABASE_URL is set (a fresh database of its own, dropped afterwards; REDIS_URL
// is passed on as `npm start` would take it). autocannon runs in this process.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { ReadFixture } from './readSeed.ts';
import { freePort } from '../support/ports.ts';
import { freshDatabase } from './product.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    env: { type: 'string', default: 'development,production' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
type Mode = 'embedded' | 'postgres';
const modes: Mode[] =
  positionals.length > 0
    ? positionals.map((m) => {
        if (m !== 'embedded' && m !== 'postgres') throw new Error(`Unknown mode ${m}`);
        return m;
      })
    : process.env.DATABASE_URL
      ? ['embedded', 'postgres']
      : ['embedded'];
if (modes.includes('postgres') && !process.env.DATABASE_URL) {
  console.error('The postgres mode needs DATABASE_URL.');
  process.exit(2);
}
type NodeEnv = 'development' | 'production';
const nodeEnvs = values.env.split(',').map((e) => {
  if (e !== 'development' && e !== 'production') throw new Error(`Unknown --env ${e}`);
  return e;
});
const WARM_UP_S = 1;

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** What `npm start` builds before it starts, when stale. */
function build(): void {
  for (const script of ['scripts/build-client.mjs', 'scripts/build-server.mjs']) {
    execFileSync(process.execPath, [script, '--if-stale'], { cwd: root, stdio: 'inherit' });
  }
}

/** The database `env` names, migrated and seeded by a process of its own (readSeed.ts). */
function seed(env: Record<string, string>): ReadFixture {
  const out = execFileSync(process.execPath, ['--import', 'tsx', here('./readSeed.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as ReadFixture;
}

interface Server {
  child: ChildProcess;
  url: string;
  /** Lines the server has written to stdout and stderr so far. */
  logLines(): number;
}

/** `npm start`'s server: node on the compiled entry point, its output read line by line. */
async function startRith(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  const count = (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) lines += 1;
  };
  child.stdout.on('data', count);
  child.stderr.on('data', count);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`))),
  );
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await Promise.race([ready, exited]);
  return { child, url, logLines: () => lines };
}

/** The bare route's process (bareServer.ts), answering `body`. */
function startBare(body: Buffer): Promise<Server> {
  const child = fork(here('./bareServer.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send({ body: body.toString('base64') });
  return new Promise<Server>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
    child.once('message', ({ port }: { port: number }) =>
      resolve({ child, url: `http://127.0.0.1:${port}`, logLines: () => 0 }),
    );
  });
}

async function stop(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  if (server.child.connected) server.child.disconnect();
  else server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

interface Line {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  statuses: string;
}

async function measure(target: Target): Promise<Line> {
  const options = { url: target.url, connections, headers: target.headers ?? {} };
  await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration });
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');
  const failures = result.errors + result.timeouts;
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.requests.average > 0 ? result.throughput.average / result.requests.average : 0,
    statuses: failures > 0 ? `${statuses} errors×${failures}` : statuses,
  };
}

/** The targets, measured in turn; the first is the limit. */
function targetsOf(app: Server, bare: Server, fixture: ReadFixture, etag: string | null): Target[] {
  const { competitionUic, clubUic, eventId } = fixture;
  const eventUrl = `${app.url}/api/events/${eventId}`;
  return [
    { name: 'bare Fastify route, same bytes', url: `${bare.url}/bare` },
    { name: 'GET /api/events/{id}', url: eventUrl },
    {
      name: 'GET /api/events/{id} If-None-Match',
      url: eventUrl,
      headers: { 'if-none-match': etag ?? '"none"' },
    },
    { name: 'GET /api/events/{id} br', url: eventUrl, headers: { 'accept-encoding': 'br, gzip' } },
    {
      name: 'GET /api/events?competitionUic=',
      url: `${app.url}/api/events?competitionUic=${competitionUic}`,
    },
    {
      name: 'GET /api/competitions?club= (home)',
      url: `${app.url}/api/competitions?club=${clubUic}`,
    },
    { name: 'GET /api/competitions', url: `${app.url}/api/competitions` },
    {
      name: 'GET /api/competitions/upcoming?page=1',
      url: `${app.url}/api/competitions/upcoming?page=1`,
    },
    { name: 'GET /api/clubs', url: `${app.url}/api/clubs` },
  ];
}

async function runEnv(
  mode: Mode,
  nodeEnv: NodeEnv,
  env: Record<string, string>,
  fixture: ReadFixture,
): Promise<void> {
  let app: Server | undefined;
  let bare: Server | undefined;
  try {
    app = await startRith({ ...env, NODE_ENV: nodeEnv });
    const first = await fetch(`${app.url}/api/events/${fixture.eventId}`);
    const body = Buffer.from(await first.arrayBuffer());
    if (first.status !== 200) throw new Error(`GET /api/events/{id}: ${first.status}`);
    bare = await startBare(body);

    const lines: (Line & { logsPer1000: number })[] = [];
    for (const target of targetsOf(app, bare, fixture, first.headers.get('etag'))) {
      const server = target.url.startsWith(bare.url) ? bare : app;
      const before = server.logLines();
      const line = await measure(target);
      const reads = line.rps * (duration + WARM_UP_S);
      lines.push({ ...line, logsPer1000: ((server.logLines() - before) / reads) * 1000 });
    }

    const limit = lines[0]!.rps;
    console.log(
      `\n  bench:read  npm start's server (dist/server/main.js), NODE_ENV=${nodeEnv}, ` +
        `${mode}${mode === 'postgres' && process.env.REDIS_URL ? ' + Redis' : ''}; ` +
        `${connections} connections, ${duration} s each (after ${WARM_UP_S} s warm-up), ` +
        `${os.cpus().length} cores shared by the server, the bare route's process and autocannon`,
    );
    console.log(
      `  ${'target'.padEnd(40)} ${'req/s'.padStart(8)} ${'of bare'.padStart(8)} ` +
        `${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'bytes'.padStart(7)} ` +
        `${'logs/1k'.padStart(8)}  statuses`,
    );
    for (const line of lines) {
      console.log(
        `  ${line.name.padEnd(40)} ${line.rps.toFixed(0).padStart(8)} ` +
          `${`${((line.rps / limit) * 100).toFixed(0)}%`.padStart(8)} ` +
          `${`${line.p50}ms`.padStart(6)} ${`${line.p99}ms`.padStart(6)} ` +
          `${line.bytes.toFixed(0).padStart(7)} ${line.logsPer1000.toFixed(1).padStart(8)}  ` +
          line.statuses,
      );
    }
  } finally {
    await stop(bare);
    await stop(app);
  }
}

async function runMode(mode: Mode): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-bench-read-'));
  const database = mode === 'postgres' ? await freshDatabase('read') : undefined;
  const env: Record<string, string> = database
    ? {
        DATABASE_URL: database.url,
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      }
    : { DATA_DIR: dataDir };
  try {
    const fixture = seed(env);
    for (const nodeEnv of nodeEnvs) await runEnv(mode, nodeEnv, env, fixture);
  } finally {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

build();
for (const mode of modes) await runMode(mode);
