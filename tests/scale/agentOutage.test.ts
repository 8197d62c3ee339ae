import type { ChildProcess } from 'node:child_process';
import { pace } from '../support/pace.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentProcess } from '../support/agentProcess.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { freePort } from '../support/ports.ts';
import {
  createAdminAccount,
  exited,
  runScript,
  timingRoomOf,
  untilUp,
  type Env,
} from '../support/rithProcess.ts';
import { RedisServer } from './redisServer.ts';
import { testDatabaseUrl } from '../support/app.ts';

// Rith as it is deployed, in processes of its own, on both modes: embedded (`npm start`,
// PGlite on disk) and scaled (PostgreSQL, Redis, a worker). The server goes away for 20 s (5 s
// unless RITH_TEST_FULL=1, tests/support/pace.ts) in the middle of a meet while FinishLynx keeps saving heats; the agent waits and catches up,
// and every file is published once.

const MEET = 'us-high-school';
const OUTAGE_MS = pace(20_000, 5_000);
const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

function run(script: string, env: Env): ChildProcess {
  const child = runScript(script, env);
  children.push(child);
  return child;
}

const modes = [
  {
    name: 'embedded (PGlite on disk, jobs in the server)',
    async env(): Promise<{ env: Env; worker: boolean }> {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-data-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      return { env: { DATA_DIR: dataDir }, worker: false };
    },
  },
  {
    name: 'scaled (PostgreSQL, Redis, a worker process)',
    async env(): Promise<{ env: Env; worker: boolean }> {
      const redis = await RedisServer.start();
      cleanups.push(() => redis.kill());
      return { env: { DATABASE_URL: testDatabaseUrl(), REDIS_URL: redis.url }, worker: true };
    },
  },
];

const published = (name: string) => new RegExp(`published\\s+${name.replace('.', '\\.')}`);

describe.each(modes)('the agent against Rith $name', (mode) => {
  it(`waits out a ${OUTAGE_MS / 1000} s server outage and publishes every heat saved meanwhile, once`, async () => {
    const { env, worker } = await mode.env();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const email = await createAdminAccount(env);
    const startServer = () =>
      run('server/main.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' });
    const server = startServer();
    if (worker) run('worker/main.ts', env);
    await untilUp(url);
    const { competitionUic, token } = await timingRoomOf(url, email);

    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-lynx-'));
    cleanups.push(() => fs.rm(folder, { recursive: true, force: true }));
    const save = (name: string) => fs.writeFile(path.join(folder, name), meetFile(MEET, name));
    await save('lynx.evt');
    await save('001-1-01.lif');
    const agent = AgentProcess.start({ url, token, folder });
    cleanups.push(() => agent.stop('SIGKILL'));
    await agent.waitFor(published('001-1-01.lif'), 30_000);

    // The server goes away; FinishLynx goes on saving heats.
    server.kill('SIGTERM');
    await exited(server);
    const during = ['001-1-02.lif', '003-3-00.lif', '009-1-01.lif'];
    for (const name of during) await save(name);
    await agent.waitFor(/unreachable/i, 15_000);
    await new Promise((r) => setTimeout(r, OUTAGE_MS));

    startServer();
    await untilUp(url);
    for (const name of during) await agent.waitFor(published(name), 60_000);
    const events = await publicMeet(url, competitionUic);
    expect(events.filter((e) => e.results.length > 0)).toHaveLength(4);
    // Each heat published once: none was applied twice, none was left behind.
    for (const name of ['001-1-01.lif', ...during]) {
      expect(agent.matching(published(name))).toHaveLength(1);
    }
    expect(await agent.stop('SIGINT')).toBe(0);
  });
});
