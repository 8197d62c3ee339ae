import { fork, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition, createEvent } from '../support/factory.ts';
import { Spectator } from '../support/spectator.ts';
import { accepted, sendUpload, settled } from '../support/uploads.ts';
import { RedisServer } from './redisServer.ts';

// Scaled mode's durability: the worker process is killed in the middle of a job; started
// again, it finishes the upload, and spectators get the results exactly once.

let redis: RedisServer;
let api: TestApp;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = fork('worker/main.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: inject('databaseUrl'),
      REDIS_URL: redis.url,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  redis = await RedisServer.start();
  api = await startTestApp({ config: { redisUrl: redis.url } });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await api?.close();
  await redis?.kill();
});

/** A heat of `rows` finishers as FinishLynx writes it: big enough to take a while to parse. */
function bigLif(rows: number): Uint8Array {
  const lines = ['9,1,1,Men 5000 Meter Run,+0.4,M/S,,,,5000,14:00:00.0000'];
  for (let i = 1; i <= rows; i++) {
    const s = 600 + i * 0.01;
    const time = `${Math.floor(s / 60)}:${(s % 60).toFixed(3).padStart(6, '0')}`;
    lines.push(
      `${i},${1000 + i},${(i % 12) + 1},Runner${i},Test,Club ${i % 40},${time},,${time},,,14:00:00.000,M`,
    );
  }
  return new TextEncoder().encode(lines.join('\r\n') + '\r\n');
}

describe('the upload worker killed in the middle of a job', () => {
  it('publishes the upload exactly once after it is started again', async () => {
    const { club, admin } = await clubWithAdmin(api.runtime.db);
    const client = await loggedIn(api.url, admin.email);
    const competition = await createCompetition(api.runtime.db, club.uic);
    const event = await createEvent(api.runtime.db, competition.uic, { eventName: 'Men 5000m' });
    const spectator = await Spectator.connect(api.url);
    await spectator.subscribe({ eventId: event.id });

    const first = startWorker();
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: 'big.lif', bytes: bigLif(15_000) }],
        { type: 'LYNX_MEET_MANAGMENT' },
      ),
    );
    // Kill it as soon as it has started on the job.
    for (;;) {
      const row = await api.runtime.db
        .selectFrom('uploads')
        .select('status')
        .where('id', '=', uploadId)
        .executeTakeFirstOrThrow();
      if (row.status === 'parsing') break;
      expect(row.status).toBe('queued');
      await new Promise((r) => setTimeout(r, 5));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const cut = await api.runtime.db
      .selectFrom('uploads')
      .select('status')
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    expect(cut.status).toBe('parsing');

    startWorker();
    const done = await settled(client, uploadId, 60_000);
    expect(done.status).toBe('published');
    const saved = await api.runtime.db
      .selectFrom('events')
      .select(['version', 'results'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(saved.version).toBe(event.version + 1);
    expect(saved.results).toHaveLength(15_000);
    await spectator.next((m) => m.name === 'event.changed');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(spectator.messages.filter((m) => m.name === 'event.changed')).toHaveLength(1);
    spectator.socket.close();
  });
});
