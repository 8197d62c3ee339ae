import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { updateEvent } from '../../server/events/service.ts';
import { updateCompetition } from '../../server/competitions/service.ts';
import { openLivePage } from '../support/livePage.ts';
import { MAX_LIVE_MESSAGE_BYTES } from '../../shared/live/messages.ts';

// The browser's live code (client/lib/live.ts and its cache writer) against the real server.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A page's view, closed after the test. */
async function page(competitionUic: number, eventId: string) {
  const p = openLivePage(t.url, competitionUic, eventId);
  cleanups.push(() => p.close());
  await expect.poll(() => p.status()).toBe('live');
  return p;
}

async function meet() {
  const db = t.runtime.db;
  const club = await createClub(db);
  const competition = await createCompetition(db, club.uic);
  const heat = await createEvent(db, competition.uic, {
    startListFile: [athlete({ name: 'Aoife Brennan', lane: '3' })],
  });
  const other = await createEvent(db, competition.uic);
  return { competition, heat, other };
}

/** Drops every page's connection at the transport, as a lost mobile signal would. */
function dropConnections() {
  for (const socket of t.app.io.of('/').sockets.values()) socket.conn.close();
}

describe('the browser live connection', () => {
  it('writes pushed changes into the cached event, the event list and the competition', async () => {
    const { competition, heat } = await meet();
    const p = await page(competition.uic, heat.id);
    await expect.poll(() => p.event()?.version).toBe(1);

    await updateEvent(t.runtime, heat.id, {
      results: [athlete({ name: 'Aoife Brennan', rank: '1', performance: '11.62' })],
      status: 'official',
    });
    await expect.poll(() => p.event()?.status).toBe('official');
    expect(p.event()?.results[0]?.performance).toBe('11.62');
    expect(p.list()?.find((e) => e.id === heat.id)).toMatchObject({
      status: 'official',
      version: 2,
    });

    await updateCompetition(t.runtime, competition.uic, { liveNow: true });
    await expect.poll(() => p.competition()?.liveNow).toBe(true);
    expect(p.event()?.competition.liveNow).toBe(true);

    await updateEvent(t.runtime, heat.id, { visible: false });
    await expect.poll(() => p.event()).toBeNull();
    expect(p.list()?.some((e) => e.id === heat.id)).toBe(false);
  });

  it('says it is reconnecting, and on reconnect fetches what changed meanwhile', async () => {
    const { competition, heat, other } = await meet();
    const p = await page(competition.uic, heat.id);
    await expect.poll(() => p.list()?.length).toBe(2);

    dropConnections();
    await expect.poll(() => p.statuses.at(-1)).toBe('reconnecting');
    // Committed while the page is away: the pushes go nowhere.
    await updateEvent(t.runtime, heat.id, { status: 'official', windSpeed: '+0.4' });
    await updateEvent(t.runtime, other.id, { visible: false });

    await expect.poll(() => p.statuses.at(-1), { timeout: 10_000 }).toBe('live');
    await expect.poll(() => p.event()?.windSpeed).toBe('+0.4');
    await expect.poll(() => p.list()?.map((e) => e.id)).toEqual([heat.id]);
  });

  it('renews its subscriptions when the server asks it to resync', async () => {
    const { competition, heat } = await meet();
    const p = await page(competition.uic, heat.id);
    await expect.poll(() => p.event()?.version).toBe(1);
    // A change whose push was lost (as in a Redis outage): only the database knows it.
    await sql`update events set status = 'scratched', version = version + 1 where id = ${heat.id}`.execute(
      t.runtime.db,
    );
    // The bus tells the node it lost a message (here one too large to carry, and with no
    // smaller stand-in): the node asks its pages to resync, and they read the change.
    t.runtime.bus.publish({
      name: 'competition.changed',
      payload: {
        competition: { ...p.competition()!, description: 'x'.repeat(MAX_LIVE_MESSAGE_BYTES) },
        version: 99,
      },
    });
    await expect.poll(() => p.event()?.status, { timeout: 5_000 }).toBe('scratched');
    expect(p.list()?.find((e) => e.id === heat.id)?.version).toBe(2);
  });
});
