import { fork, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testDatabaseUrl } from '../support/app.ts';
import { adminWithEvent } from '../support/admin.ts';
import { holdCompetition } from '../support/locks.ts';
import { freePort } from '../support/ports.ts';
import { compiled, exited, PLAIN_NODE } from '../support/rithProcess.ts';
import { sendHeatResults, settled } from '../support/uploads.ts';
import { RedisServer } from './redisServer.ts';

// Issue 14, point 5, for `npm run worker`: SIGTERM lets the job in hand finish before the
// process exits 0, and the worker's metrics port shows its upload jobs and the queue.

let redis: RedisServer;
let api: TestApp;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  redis = await RedisServer.start();
  api = await startTestApp({ config: { redisUrl: redis.url } });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await api?.close();
  await redis?.kill();
});

function startWorker(metricsPort: number) {
  const child = fork(compiled('worker/main.ts'), [], {
    execArgv: PLAIN_NODE,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: redis.url,
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  workers.push(child);
  const messages: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    if (text.startsWith('{')) messages.push((JSON.parse(text) as { msg: string }).msg);
  });
  return { child, messages };
}

async function metricsOf(port: number): Promise<string> {
  for (const until = Date.now() + 60_000; ;) {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => null);
    if (res?.status === 200) return res.text();
    if (Date.now() > until) throw new Error(`no metrics on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('stopping the worker (SIGTERM)', () => {
  it('finishes the upload it is applying, then exits 0; its metrics port counts the job', async () => {
    const metricsPort = await freePort();
    const worker = startWorker(metricsPort);
    const { client, competition, event } = await adminWithEvent(api.runtime.db, api.url);
    expect(await metricsOf(metricsPort)).toContain('rith_queue_jobs{queue="uploads"');

    // The job is caught inside the transaction that applies it when the signal comes.
    const lock = await holdCompetition(api.runtime.db, competition.uic);
    let uploadId: string;
    try {
      ({ uploadId } = await sendHeatResults(client, event.id));
      await lock.untilBlocking();
      const metrics = await metricsOf(metricsPort);
      expect(metrics).toMatch(/^rith_queue_jobs\{queue="uploads",state="active"\} 1$/m);
      worker.child.kill('SIGTERM');
    } finally {
      lock.release();
    }
    expect(await exited(worker.child)).toBe(0);
    expect(await settled(client, uploadId)).toMatchObject({ status: 'published' });
    expect(worker.messages).toContain('upload job done');
    expect(worker.messages.at(-1)).toBe('stopped');
  });
});
