import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { NodeProcess } from '../support/nodeProcess.ts';
import { Spectator } from '../support/spectator.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import { RedisServer } from './redisServer.ts';
import { testDatabaseUrl } from '../support/app.ts';

// Each API node serves the public reads from its own memory: a change committed through one
// node must be what every other node serves once its live message has arrived there.

let redis: RedisServer;
let database: DatabaseHandle;
let a: NodeProcess;
let b: NodeProcess;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-scale-reads-'));

beforeAll(async () => {
  redis = await RedisServer.start();
  database = await connectDatabase({ kind: 'postgres', url: testDatabaseUrl() });
  const env = { DATABASE_URL: testDatabaseUrl(), REDIS_URL: redis.url, DATA_DIR: dataDir };
  [a, b] = await Promise.all([NodeProcess.start(env), NodeProcess.start(env)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis.kill();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const read = async <T>(node: NodeProcess, url: string) =>
  (await (await fetch(node.url + url)).json()) as T;

describe('public reads across nodes', () => {
  it('node B serves a change committed through node A once B has pushed it', async () => {
    const club = await createClub(database.db);
    const competition = await createCompetition(database.db, club.uic, { liveNow: true });
    const event = await createEvent(database.db, competition.uic, {
      startListFile: [athlete({ name: 'Rhasidat Adeleke', lane: '4' })],
    });
    // B has it in memory, as it stands.
    expect((await read<PublicEvent>(b, `/api/events/${event.id}`)).version).toBe(1);
    expect((await read<Competition>(b, `/api/competitions/${competition.uic}`)).liveNow).toBe(true);
    const spectator = await Spectator.connect(b.url);
    try {
      await spectator.subscribe({ competitionUic: competition.uic });

      await a.request({
        op: 'updateEvent',
        eventId: event.id,
        fields: { status: 'official', results: [athlete({ name: 'Rhasidat Adeleke', rank: '1' })] },
      });
      await spectator.next((m) => m.name === 'event.changed' && m.payload.version === 2);
      const served = await read<PublicEvent>(b, `/api/events/${event.id}`);
      expect(served).toMatchObject({ version: 2, status: 'official' });

      await a.request({
        op: 'updateCompetition',
        uic: competition.uic,
        fields: { liveNow: false },
      });
      await spectator.next((m) => m.name === 'competition.changed' && m.payload.version === 2);
      const shown = await read<Competition>(b, `/api/competitions/${competition.uic}`);
      expect(shown.liveNow).toBe(false);
      expect((await read<PublicEvent>(b, `/api/events/${event.id}`)).competition.liveNow).toBe(
        false,
      );
    } finally {
      spectator.close();
    }
  });
});
