// A server for bench:read, in a process of its own so the load generator never shares its
// event loop. Role `app` (argv[2]): the real Rith app, configured from the environment as
// `npm start` is, seeded with a meet; role `bare`: a bare Fastify route answering the bytes
// the parent sends, the limit our reads are measured against.
import Fastify from 'fastify';
import { loadConfig } from '../../server/config.ts';
import { createRuntime } from '../../server/runtime.ts';
import { buildApp } from '../../server/app.ts';
import { ensurePricePlans } from '../../server/pricing/plans.ts';
import type { Db } from '../../server/db/connect.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';

export interface ReadFixture {
  competitionUic: number;
  clubUic: number;
  eventId: string;
}

export type ReadServerMessage =
  { type: 'ready'; port: number; fixture?: ReadFixture } | { type: 'failed'; error: string };

/** What the parent sends a bare server: the body to answer, base64. */
export interface BareRequest {
  body: string;
}

const quietLogger = { info() {}, warn() {}, error() {} };
const send = (message: ReadServerMessage) => process.send?.(message);

const FIRST = ['Aoife', 'Cian', 'Saoirse', 'Darragh', 'Niamh', 'Oisín', 'Ciara', 'Eoin'];
const LAST = ['Murphy', 'Kelly', "O'Sullivan", 'Walsh', 'Byrne', 'Ryan', 'Doyle', 'McCarthy'];
const CLUBS = ['Clonliffe Harriers', 'Dundrum South Dublin AC', 'Leevale AC', 'Ferrybank AC'];

/**
 * A meet as spectators see one: a club, a live competition with a timetable of 30 events, one
 * of them an official final of 48 result rows (a combined heat sheet), and 24 other clubs with
 * a past and an upcoming competition each, so the lists are of a realistic size.
 */
async function seed(db: Db): Promise<ReadFixture> {
  const club = await createClub(db, { clubName: 'Rith Bench AC', urlName: 'rith-bench-ac' });
  const competition = await createCompetition(db, club.uic, {
    competitionName: 'Rith Bench Open',
    urlName: 'bench-open',
    liveNow: true,
    description: 'Open track and field meet, all age groups.',
    timedBy: 'Rith Timing',
  });
  for (let i = 0; i < 30; i += 1) {
    await createEvent(db, competition.uic, {
      eventName: `Event ${i + 1}`,
      time: `${10 + Math.floor(i / 4)}:${String((i % 4) * 15).padStart(2, '0')}`,
    });
  }
  const results = Array.from({ length: 48 }, (_, i) =>
    athlete({
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
      rank: String(i + 1),
      bib: String(200 + i),
      lane: String((i % 8) + 1),
      club: CLUBS[i % CLUBS.length]!,
      category: i % 2 === 0 ? 'Senior Men' : 'M35',
      performance: (10.42 + i * 0.07).toFixed(2),
      points: String(1000 - i * 9),
    }),
  );
  const event = await createEvent(db, competition.uic, {
    eventName: '100m Men Final',
    status: 'official',
    round: 'finals',
    windSpeed: '+1.4',
    results,
  });
  for (let c = 0; c < 24; c += 1) {
    const other = await createClub(db, { clubName: `Bench Club ${c + 1}` });
    await createCompetition(db, other.uic, { date: '2025-06-14' });
    await createCompetition(db, other.uic, { date: '2099-06-14' });
  }
  return { competitionUic: competition.uic, clubUic: club.uic, eventId: event.id };
}

async function startApp(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config, quietLogger);
  await ensurePricePlans(runtime.db);
  const fixture = await seed(runtime.db);
  const app = await buildApp(runtime, { serveClient: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => runtime.close())
      .finally(() => process.exit(0));
  });
  send({ type: 'ready', port: address.port, fixture });
}

async function startBare(): Promise<void> {
  const { body } = await new Promise<BareRequest>((resolve) => process.once('message', resolve));
  const bytes = Buffer.from(body, 'base64');
  const app = Fastify({ logger: false });
  app.get('/bare', (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(bytes);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  send({ type: 'ready', port: address.port });
}

(process.argv[2] === 'bare' ? startBare() : startApp()).catch((err: unknown) => {
  send({ type: 'failed', error: String((err as Error).stack ?? err) });
  process.exit(1);
});
