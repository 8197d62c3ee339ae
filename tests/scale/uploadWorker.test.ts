import { fork, type ChildProcess } from 'node:child_process';
import { compiled, PLAIN_NODE } from '../support/rithProcess.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testDatabaseUrl } from '../support/app.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition, createEvent } from '../support/factory.ts';
import { Spectator } from '../support/spectator.ts';
import { accepted, sendUpload, settled } from '../support/uploads.ts';
import { holdCompetition } from '../support/locks.ts';
import { RedisServer } from './redisServer.ts';
import { MAX_EVENT_ROWS } from '../../shared/rowCap.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';

// Scaled mode's durability: the worker process is killed in the middle of a job (inside the
// transaction that applies it); started again, it finishes the upload, and spectators get
// the results exactly once.

let redis: RedisServer;
let api: TestApp;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = fork(compiled('worker/main.ts'), [], {
    execArgv: PLAIN_NODE,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: testDatabaseUrl(),
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

/** A heat of `rows` finishers as FinishLynx writes it (of event 9, heat 1). */
function lif(rows: number): Uint8Array {
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

/**
 * The version a message announces the event at: its rows (event.changed), or, for the
 * largest heats, that the page should fetch them (event.outdated).
 */
const announced = (m: LiveMessage) =>
  m.name === 'event.changed' || m.name === 'event.outdated' ? m.payload.version : null;

describe('the upload worker killed in the middle of a job', () => {
  it('publishes the upload exactly once after it is started again', async () => {
    const db = api.runtime.db;
    const { club, admin } = await clubWithAdmin(db);
    const client = await loggedIn(api.url, admin.email);
    const competition = await createCompetition(db, club.uic);
    const event = await createEvent(db, competition.uic, { eventName: 'Men 5000m' });
    const spectator = await Spectator.connect(api.url);
    await spectator.subscribe({ eventId: event.id });
    const send = async (rows: number) =>
      accepted(
        await sendUpload(
          client,
          `/api/admin/events/${event.id}/upload-results`,
          [{ name: 'heat.lif', bytes: lif(rows) }],
          { type: 'LYNX_MEET_MANAGMENT' },
        ),
      );

    // The largest heat an event holds, caught inside the transaction that applies it.
    const lock = await holdCompetition(db, competition.uic);
    let uploadId: string;
    try {
      const first = startWorker();
      ({ uploadId } = await send(MAX_EVENT_ROWS));
      await lock.untilBlocking();
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
    } finally {
      lock.release();
    }
    const cut = await db
      .selectFrom('uploads')
      .select('status')
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    expect(cut.status).toBe('parsing');

    startWorker();
    const done = await settled(client, uploadId, 60_000);
    expect(done.status).toBe('published');
    const saved = await db
      .selectFrom('events')
      .select(['version', 'results'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(saved.version).toBe(event.version + 1);
    expect(saved.results).toHaveLength(MAX_EVENT_ROWS);

    // A later upload of the heat, announced after it on the same ordered bus: once its
    // notice is in, a second notice of the first would have come before it.
    const later = await send(3);
    expect((await settled(client, later.uploadId, 30_000)).status).toBe('published');
    await spectator.next((m) => announced(m) === event.version + 2, 30_000);
    const versions = spectator.messages.map(announced).filter((v) => v !== null);
    expect(versions).toEqual([event.version + 1, event.version + 2]);
    spectator.socket.close();
  });
});
