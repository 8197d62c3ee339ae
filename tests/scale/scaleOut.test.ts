import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { RedisStreamBus } from '../../server/infra/bus.ts';
import { NodeProcess } from '../support/nodeProcess.ts';
import { openLivePage } from '../support/livePage.ts';
import { Spectator } from '../support/spectator.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import type { SavedEvent } from '../../server/events/service.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { RedisServer } from './redisServer.ts';
import { testDatabaseUrl } from '../support/app.ts';

// Scaled mode as deployed: API nodes in processes of their own, one PostgreSQL, one Redis
// (a real one of this test's, so it can be killed without disturbing other tests).

const quiet = { warn() {} };
let redis: RedisServer;
let database: DatabaseHandle;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-scale-'));

beforeAll(async () => {
  redis = await RedisServer.start();
  database = await connectDatabase({ kind: 'postgres', url: testDatabaseUrl() });
});
afterAll(async () => {
  await redis.kill();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function meet(events: number) {
  const club = await createClub(database.db);
  const competition = await createCompetition(database.db, club.uic, { liveNow: true });
  const ids: string[] = [];
  for (let i = 1; i <= events; i += 1) {
    const event = await createEvent(database.db, competition.uic, {
      eventName: `Heat ${i}`,
      startListFile: [athlete({ name: `Athlete ${i}`, lane: '1' })],
    });
    ids.push(event.id);
  }
  return { competitionUic: competition.uic, ids };
}

async function versionsInDatabase(competitionUic: number) {
  const rows = await database.db
    .selectFrom('events')
    .select(['id', 'version'])
    .where('competitionUic', '=', competitionUic)
    .where('visible', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.id}@${r.version}`);
}

describe('the Redis stream bus', () => {
  it('reads on after a dropped connection, and reports a gap when Redis lost its memory', async () => {
    const [writer, reader] = [
      new RedisStreamBus(redis.url, quiet),
      new RedisStreamBus(redis.url, quiet),
    ];
    const received: string[] = [];
    let gaps = 0;
    reader.subscribe(
      (m) => m.name === 'event.removed' && received.push(m.payload.eventId),
      () => (gaps += 1),
    );
    const sent: string[] = [];
    const removal = (): LiveMessage => {
      sent.push(randomUUID());
      return {
        name: 'event.removed',
        payload: { eventId: sent.at(-1)!, competitionUic: 1, version: 2 },
      };
    };
    try {
      await new Promise((r) => setTimeout(r, 200));
      writer.publish(removal());
      await expect.poll(() => received.length).toBe(1);

      await redis.dropConnections();
      writer.publish(removal());
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
      expect(gaps).toBe(0);

      await redis.kill();
      await redis.restart();
      await expect.poll(() => gaps, { timeout: 10_000 }).toBe(1);
      writer.publish(removal());
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
      expect(received).toEqual(sent);
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it('retries a write Redis refuses, and reports a gap when it keeps refusing', async () => {
    const bus = new RedisStreamBus(redis.url, quiet);
    const admin = new Redis(redis.url);
    let gaps = 0;
    const received: string[] = [];
    bus.subscribe(
      (m) => m.name === 'event.removed' && received.push(m.payload.eventId),
      () => (gaps += 1),
    );
    const removal = (eventId: string): LiveMessage => ({
      name: 'event.removed',
      payload: { eventId, competitionUic: 1, version: 2 },
    });
    try {
      await new Promise((r) => setTimeout(r, 200));
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      await admin.config('SET', 'maxmemory', '1');
      const refused = randomUUID();
      bus.publish(removal(refused));
      // Refused now, accepted once Redis has room again: the retry delivers it.
      await new Promise((r) => setTimeout(r, 300));
      await admin.config('SET', 'maxmemory', '0');
      await expect.poll(() => received, { timeout: 10_000 }).toEqual([refused]);
      expect(gaps).toBe(0);

      await admin.config('SET', 'maxmemory', '1');
      bus.publish(removal(randomUUID()));
      await expect.poll(() => gaps, { timeout: 10_000 }).toBe(1);
    } finally {
      await admin.config('SET', 'maxmemory', '0');
      admin.disconnect();
      await bus.close();
    }
  });
});

describe('two API nodes', () => {
  let a: NodeProcess;
  let b: NodeProcess;
  beforeAll(async () => {
    const env = { DATABASE_URL: testDatabaseUrl(), REDIS_URL: redis.url, DATA_DIR: dataDir };
    [a, b] = await Promise.all([NodeProcess.start(env), NodeProcess.start(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('push a change committed through node A to a page connected to node B', async () => {
    const { competitionUic, ids } = await meet(1);
    const spectator = await Spectator.connect(b.url);
    try {
      await spectator.subscribe({ competitionUic });
      const { value: saved } = await a.request<SavedEvent>({
        op: 'updateEvent',
        eventId: ids[0]!,
        fields: { status: 'official', results: [athlete({ name: 'Athlete 1', rank: '1' })] },
      });
      const pushed = await spectator.next(
        (m) => m.name === 'event.changed' && m.payload.version === saved.version,
      );
      expect(pushed.name === 'event.changed' && pushed.payload.event.status).toBe('official');
    } finally {
      spectator.close();
    }
  });

  it('bring a page on node B to the latest version of every event across a Redis restart', async () => {
    const { competitionUic, ids } = await meet(4);
    const [e1, e2, e3, e4] = ids as [string, string, string, string];
    const page = openLivePage(b.url, competitionUic, e1);
    try {
      await expect.poll(() => page.status()).toBe('live');
      await expect.poll(() => page.list()?.length).toBe(4);
      const update = (eventId: string, windSpeed: string) =>
        a.request<SavedEvent>({ op: 'updateEvent', eventId, fields: { windSpeed } });

      await update(e1, '+0.1');
      await expect.poll(() => page.event()?.windSpeed).toBe('+0.1');

      await redis.kill();
      // Committed through node A while Redis is down: its publish waits for Redis.
      await update(e2, '+0.2');
      // A change whose stream entry died with Redis: only the database has it now.
      await sql`update events set wind_speed = '+0.3', version = version + 1 where id = ${e3}`.execute(
        database.db,
      );
      await update(e4, '+0.4');
      await update(e1, '+0.5');
      await redis.restart();

      await update(e4, '+0.6');
      const expected = await versionsInDatabase(competitionUic);
      await expect
        .poll(() => (page.list() ?? []).map((e) => `${e.id}@${e.version}`).sort(), {
          timeout: 20_000,
        })
        .toEqual(expected);
      const winds = Object.fromEntries((page.list() ?? []).map((e) => [e.id, e.windSpeed]));
      expect(winds).toEqual({ [e1]: '+0.5', [e2]: '+0.2', [e3]: '+0.3', [e4]: '+0.6' });
      await expect.poll(() => page.event()?.windSpeed).toBe('+0.5');
      expect(page.status()).toBe('live');
    } finally {
      page.close();
    }
  });
});
