import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testDatabaseUrl } from '../support/app.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition, createEvent } from '../support/factory.ts';
import { holdCompetition } from '../support/locks.ts';
import { exited, runScript } from '../support/rithProcess.ts';
import { sendHeatResults } from '../support/uploads.ts';
import { sleep, waitFor } from './faultRig.ts';
import { RedisServer } from './redisServer.ts';

// Issue 27: uploads queued when Redis restarts without its memory lose their jobs with it.
// They must be published within seconds of Redis coming back, not once the sweep's lease
// (UPLOAD_LEASE_MS, 30 s) runs out, nor after BullMQ's reconnect backoff (up to 20 s), and
// each exactly once. The API node and the worker run on the production recovery defaults.

/** Uploads sent: more than the worker takes at once (4), so some wait in Redis. */
const UPLOADS = 5;
/**
 * How long Redis stays away: past BullMQ's first reconnect tries, a second apart, to where its
 * next try comes 8 s after the one before (BullMQ's default waits e^n ms, from 1 s to 20 s).
 */
const OUTAGE_MS = 11_000;
/** From Redis answering again to every upload published (about 1 s on a quiet machine). */
const RESUME_MS = 6_000;

let redis: RedisServer;
let api: TestApp;
let worker: ChildProcess;

beforeAll(async () => {
  redis = await RedisServer.start();
  api = await startTestApp({ config: { redisUrl: redis.url } });
  worker = runScript('worker/main.ts', {
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: redis.url,
  });
});
afterAll(async () => {
  if (worker?.exitCode === null) {
    worker.kill('SIGKILL');
    await exited(worker);
  }
  await api?.close();
  await redis?.kill();
});

describe('Redis restarted without its memory while uploads are queued', () => {
  it('publishes each of them once, within seconds of Redis coming back', async () => {
    const db = api.runtime.db;
    const { club, admin } = await clubWithAdmin(db);
    const client = await loggedIn(api.url, admin.email);
    const competition = await createCompetition(db, club.uic);
    const events = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) =>
        createEvent(db, competition.uic, { eventName: `Men 60m heat ${i + 1}` }),
      ),
    );
    const uploadsOf = () =>
      db
        .selectFrom('uploads')
        .select(['status'])
        .where('competitionUic', '=', competition.uic)
        .execute();

    // The worker's jobs wait inside their apply: the uploads it has not taken wait in Redis.
    const lock = await holdCompetition(db, competition.uic);
    try {
      for (const event of events) await sendHeatResults(client, event.id);
      await lock.untilBlocking();
      const waiting = (await uploadsOf()).filter((u) => u.status === 'queued').length;
      expect(waiting).toBeGreaterThan(0);

      await redis.kill();
      await sleep(OUTAGE_MS);
      await redis.restart();
    } finally {
      lock.release();
    }
    const back = Date.now();
    const published = async () =>
      (await uploadsOf()).filter((u) => u.status === 'published').length;
    await waitFor(async () => (await published()) === UPLOADS, RESUME_MS);
    const seconds = ((Date.now() - back) / 1000).toFixed(1);
    const count = await published();
    console.log(`redis restart | ${count} of ${UPLOADS} uploads published ${seconds} s after`);
    expect(count).toBe(UPLOADS);

    // Exactly once: each event was written by one publication, with the file's rows.
    const saved = await db
      .selectFrom('events')
      .select(['id', 'version', 'results'])
      .where('competitionUic', '=', competition.uic)
      .execute();
    for (const event of events) {
      const now = saved.find((e) => e.id === event.id);
      expect(now?.version).toBe(event.version + 1);
      expect(now?.results.length).toBeGreaterThan(0);
    }
  });
});
