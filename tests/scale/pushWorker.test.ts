import { fork, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testConfig, type TestApp, testDatabaseUrl } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { compiled, exited, PLAIN_NODE } from '../support/rithProcess.ts';
import { startPushEndpoint, type PushEndpoint } from '../support/pushEndpoint.ts';
import { updateEvent } from '../../server/events/service.ts';
import type { PushAlert } from '../../shared/schemas/follow.ts';
import { RedisServer } from './redisServer.ts';

// Issue 15, point 5: alerts go through the queue to `npm run worker` processes, and neither
// two workers nor a worker killed and started again send an alert twice.

let redis: RedisServer;
let api: TestApp;
let push: PushEndpoint;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  redis = await RedisServer.start();
  push = await startPushEndpoint();
  api = await startTestApp({
    config: {
      redisUrl: redis.url,
      push: {
        ...testConfig().push,
        vapidKeys: undefined,
        vapidSubject: 'mailto:alerts@rith.test',
        endpointHosts: [new URL(push.url).host],
        tickMs: 500,
      },
    },
  });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await api?.close();
  await redis?.kill();
  await push?.close();
});

function startWorker(): ChildProcess {
  const child = fork(compiled('worker/main.ts'), [], {
    execArgv: PLAIN_NODE,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: redis.url,
      HOST: '127.0.0.1',
      PUSH_ENDPOINT_HOSTS: new URL(push.url).host,
      PUSH_TICK_MS: '500',
      // The test push service's certificate is its own.
      NODE_EXTRA_CA_CERTS: push.caFile,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  workers.push(child);
  return child;
}

describe('alerts from npm run worker', () => {
  it('are sent once each by two workers, and not again by a worker killed and restarted', async () => {
    const club = await createClub(api.runtime.db);
    const { uic } = await createCompetition(api.runtime.db, club.uic);
    const entry = athlete({ id: 'k', name: 'Kate ONeill', bib: '31', club: 'Raheny Shamrock' });
    const heat = await createEvent(api.runtime.db, uic, { time: null });
    const device = push.subscribe();
    const id = device.endpoint.split('/').pop();
    const res = await fetch(`${api.url}/api/push/subscription`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: api.url },
      body: JSON.stringify({
        subscription: device,
        follows: {
          athletes: [
            { competitionUic: uic, key: 'bib:31', name: entry.name, club: entry.club, bib: '31' },
          ],
          clubs: [],
        },
      }),
    });
    expect(res.status).toBe(200);
    const kinds = () =>
      push.received.filter((p) => p.subscription === id).map((p) => (p.payload as PushAlert).kind);

    const first = startWorker();
    startWorker();
    await updateEvent(api.runtime, heat.id, { startListFile: [entry] });
    await push.waitFor((p) => p.subscription === id, 1, 30_000);

    first.kill('SIGKILL');
    await exited(first);
    startWorker();
    await updateEvent(api.runtime, heat.id, {
      results: [{ ...entry, rank: '1', performance: '2:01.33' }],
      status: 'official',
    });
    await push.waitFor(
      (p) => p.subscription === id && (p.payload as PushAlert).kind === 'official',
      1,
      30_000,
    );
    // Every job queued by now (both workers' start-up ticks and the changes) has run.
    await expect
      .poll(async () => (await api.runtime.queue.depth()).pushAlerts, { timeout: 20_000 })
      .toEqual({ waiting: 0, active: 0, delayed: 0 });
    expect(kinds()).toEqual(['startList', 'official']);
  });
});
