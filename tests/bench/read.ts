// npm run bench:read -- [embedded] [postgres] [--duration 8] [--connections 50]
//
// Spectators' reads under load: req/s, p50, p99 and bytes of the public reads, next to the
// limit measured in the same run (a bare Fastify route answering the same bytes as the event
// read). Each mode runs the real app in a process of its own on a seeded meet (see
// readServer.ts); the bare route has a process of its own too; autocannon runs in this
// process, so the load generator shares the cores alike with the bare route and with ours.
// Modes: embedded (PGlite in a temporary directory) always unless named; postgres when
// DATABASE_URL is set (a fresh database of its own, dropped afterwards; REDIS_URL is passed on
// as `npm start` would take it).
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import type { ReadFixture, ReadServerMessage } from './readServer.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
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
const WARM_UP_S = 1;

const serverEntry = fileURLToPath(new URL('./readServer.ts', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
  fixture?: ReadFixture;
}

function startServer(role: 'app' | 'bare', env: Record<string, string>, body?: Buffer) {
  const child = fork(serverEntry, [role], {
    execArgv: ['--import', 'tsx'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (body) child.send({ body: body.toString('base64') });
  return new Promise<Server>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${role} server exited (${code})`)));
    child.on('message', (message: ReadServerMessage) => {
      if (message.type === 'failed') reject(new Error(message.error));
      else resolve({ child, url: `http://127.0.0.1:${message.port}`, fixture: message.fixture });
    });
  });
}

async function stop(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.disconnect();
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** A PostgreSQL database of the bench's own, so other tests' data is never touched. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `rith_bench_read_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
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

async function runMode(mode: Mode): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-bench-read-'));
  const database = mode === 'postgres' ? await freshDatabase() : undefined;
  const env: Record<string, string> = database
    ? {
        DATABASE_URL: database.url,
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      }
    : { DATA_DIR: dataDir };
  let app: Server | undefined;
  let bare: Server | undefined;
  try {
    app = await startServer('app', env);
    const { competitionUic, clubUic, eventId } = app.fixture!;
    const eventUrl = `${app.url}/api/events/${eventId}`;
    const first = await fetch(eventUrl);
    const body = Buffer.from(await first.arrayBuffer());
    if (first.status !== 200) throw new Error(`GET ${eventUrl}: ${first.status}`);
    const etag = first.headers.get('etag');
    bare = await startServer('bare', {}, body);

    const targets: Target[] = [
      { name: 'bare Fastify route, same bytes', url: `${bare.url}/bare` },
      { name: 'GET /api/events/{id}', url: eventUrl },
      {
        name: 'GET /api/events/{id} If-None-Match',
        url: eventUrl,
        headers: { 'if-none-match': etag ?? '"none"' },
      },
      {
        name: 'GET /api/events/{id} br',
        url: eventUrl,
        headers: { 'accept-encoding': 'br, gzip' },
      },
      {
        name: 'GET /api/events?competitionUic=',
        url: `${app.url}/api/events?competitionUic=${competitionUic}`,
      },
      { name: 'GET /api/competitions', url: `${app.url}/api/competitions` },
      {
        name: 'GET /api/competitions?club= (home)',
        url: `${app.url}/api/competitions?club=${clubUic}`,
      },
      {
        name: 'GET /api/competitions/upcoming?page=1',
        url: `${app.url}/api/competitions/upcoming?page=1`,
      },
      { name: 'GET /api/clubs', url: `${app.url}/api/clubs` },
    ];
    const lines: Line[] = [];
    for (const target of targets) lines.push(await measure(target));

    const limit = lines[0]!.rps;
    console.log(
      `\n  bench:read  ${mode}${mode === 'postgres' && process.env.REDIS_URL ? ' + Redis' : ''}, ` +
        `${connections} connections, ${duration} s each (after ${WARM_UP_S} s warm-up), ` +
        `${os.cpus().length} cores shared by the server, and autocannon in the bench's own process`,
    );
    console.log(
      `  ${'target'.padEnd(40)} ${'req/s'.padStart(8)} ${'of bare'.padStart(8)} ` +
        `${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'bytes'.padStart(7)}  statuses`,
    );
    for (const line of lines) {
      console.log(
        `  ${line.name.padEnd(40)} ${line.rps.toFixed(0).padStart(8)} ` +
          `${`${((line.rps / limit) * 100).toFixed(0)}%`.padStart(8)} ` +
          `${`${line.p50}ms`.padStart(6)} ${`${line.p99}ms`.padStart(6)} ` +
          `${line.bytes.toFixed(0).padStart(7)}  ${line.statuses}`,
      );
    }
  } finally {
    await stop(bare);
    await stop(app);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const mode of modes) await runMode(mode);
