import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { startTestApp, testDbKind, type TestApp } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { publishedUpload, quietFor, Spectator } from '../support/spectator.ts';
import { deleteEvent, updateEvent } from '../../server/events/service.ts';
import { updateCompetition } from '../../server/competitions/service.ts';
import { COALESCE_WINDOW_MS } from '../../server/live/hub.ts';
import { hashSessionId, SESSION_COOKIE } from '../../server/auth/sessions.ts';
import {
  MAX_LIVE_MESSAGE_BYTES,
  type LiveMessage,
  type LivePayload,
} from '../../shared/live/messages.ts';
import { MAX_EVENT_ROWS } from '../../shared/rowCap.ts';
import { compactEvent, fullEvent } from '../../shared/live/pushedEvent.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const spectators: Spectator[] = [];
afterEach(() => {
  for (const s of spectators.splice(0)) s.close();
});
async function spectator(headers?: Record<string, string>) {
  const s = await Spectator.connect(t.url, headers);
  spectators.push(s);
  return s;
}

async function meet() {
  const db = t.runtime.db;
  const club = await createClub(db);
  const competition = await createCompetition(db, club.uic, { liveNow: false });
  const heat = await createEvent(db, competition.uic, {
    eventName: "Men's 100m Heat 1",
    startListFile: [athlete({ name: 'Cian Ó Briain', lane: '4', bib: '231' })],
  });
  const final = await createEvent(db, competition.uic, { eventName: "Men's 100m Final" });
  return { club, competition, heat, final };
}

const results = [
  athlete({ name: 'Cian Ó Briain', rank: '1', bib: '231', lane: '4', performance: '10.572' }),
  athlete({ name: 'Darragh Keane', rank: '2', bib: '415', lane: '5', performance: '10.689' }),
];

const changedEvent =
  (id: string, version?: number) =>
  (m: LiveMessage): m is { name: 'event.changed'; payload: LivePayload<'event.changed'> } =>
    m.name === 'event.changed' &&
    m.payload.event.id === id &&
    (version === undefined || m.payload.version === version);

describe('subscribing', () => {
  it('acks with the version of the competition and of each public event, read after joining', async () => {
    const { competition, heat, final } = await meet();
    await createEvent(t.runtime.db, competition.uic, { visible: false });
    const s = await spectator();
    const ack = await s.subscribe({ competitionUic: competition.uic });
    expect(ack).toEqual({
      ok: true,
      versions: {
        [`competition:${competition.uic}`]: 1,
        [`event:${heat.id}`]: 1,
        [`event:${final.id}`]: 1,
      },
    });
  });

  it('refuses what is not a subscription, and an event that does not exist', async () => {
    const s = await spectator();
    expect(await s.subscribe({ competitionUic: 'all' })).toEqual({
      ok: false,
      error: 'Unknown subscription',
    });
    expect(await s.subscribe({ room: 'club-admin:1' })).toEqual({
      ok: false,
      error: 'Unknown subscription',
    });
    expect(await s.subscribe({ eventId: randomUUID() })).toEqual({
      ok: false,
      error: 'Event not found',
    });
  });

  it('refuses a socket that keeps subscribing, as each subscription reads the database', async () => {
    const { competition } = await meet();
    const refused = {
      ok: false,
      error: 'Too many subscriptions. Please wait a moment.',
      retry: true,
    };
    // The budget refills with time: with the clock (Date only) standing still, the count
    // does not depend on how fast this machine answers thirty subscriptions.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const s = await spectator();
      const target = { competitionUic: competition.uic };
      const acks = await Promise.all(Array.from({ length: 30 }, () => s.subscribe(target)));
      expect(acks.slice(0, 20).every((a) => a.ok)).toBe(true);
      expect(acks.slice(20)).toEqual(Array.from({ length: 10 }, () => refused));
      // One more a second.
      vi.setSystemTime(Date.now() + 1_000);
      expect(await s.subscribe(target)).toMatchObject({ ok: true });
      expect(await s.subscribe(target)).toEqual(refused);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a published change', () => {
  it('reaches the competition and the event page with the public event and its new version', async () => {
    const { competition, heat } = await meet();
    const [home, page] = [await spectator(), await spectator()];
    await home.subscribe({ competitionUic: competition.uic });
    await page.subscribe({ eventId: heat.id });

    const saved = await updateEvent(t.runtime, heat.id, {
      results,
      resultsFileType: 'LYNX_MEET_MANAGMENT',
      resultsFileName: '001-1-01.lif',
      windSpeed: '+1.4',
      status: 'official',
    });
    expect(saved.version).toBe(2);

    const [onHome, onPage] = await Promise.all([
      home.next(changedEvent(heat.id)),
      page.next(changedEvent(heat.id)),
    ]);
    const fromApi = (await (await fetch(`${t.url}/api/events/${heat.id}`)).json()) as PublicEvent;
    // The compact form: put together with the competition and club the page holds, it is
    // exactly what the API serves.
    expect(onHome.payload).toEqual({
      event: compactEvent(fromApi),
      competitionVersion: fromApi.competition.version,
      version: 2,
    });
    expect(fullEvent(onHome.payload.event, fromApi)).toEqual(fromApi);
    expect(onPage.payload).toEqual(onHome.payload);
    expect(onHome.payload.event.results.map((r) => r.name)).toEqual([
      'Cian Ó Briain',
      'Darragh Keane',
    ]);
  });

  it('is on the bus only once committed: a listener already reads the new state', async ({
    skip,
  }) => {
    skip(
      testDbKind() === 'pglite',
      'PostgreSQL only: PGlite has a single connection, so no reader can see a change before its commit',
    );
    const { heat } = await meet();
    const db = t.runtime.db;
    // The change to this heat waits at its commit for an advisory lock the test holds, so it
    // stays made but uncommitted for as long as the test needs, on any machine.
    const lock = randomInt(1, 2 ** 31 - 1);
    const hold = `hold_commit_${randomBytes(4).toString('hex')}`;
    await sql
      .raw(
        `create function ${hold}() returns trigger language plpgsql as
         $$ begin perform pg_advisory_xact_lock(${lock}); return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create constraint trigger ${hold} after update on events
         deferrable initially deferred for each row when (new.id = '${heat.id}')
         execute function ${hold}()`,
      )
      .execute(db);
    const seen: { pushed: number; read: number }[] = [];
    const reads: Promise<unknown>[] = [];
    const stop = t.runtime.bus.subscribe((m) => {
      if (m.name !== 'event.changed' || m.payload.event.id !== heat.id) return;
      reads.push(
        fetch(`${t.url}/api/events/${heat.id}`)
          .then((res) => res.json())
          .then((event: { version: number }) =>
            seen.push({ pushed: m.payload.version, read: event.version }),
          ),
      );
    });
    try {
      let change: Promise<unknown> = Promise.resolve();
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${lock})`.execute(trx);
        change = updateEvent(t.runtime, heat.id, { windSpeed: '+0.1' });
        // Its transaction is committing, held: whatever it published so far is read now.
        await expect
          .poll(
            async () =>
              (
                await sql<{ n: number }>`select count(*)::int as n from pg_locks
                  where locktype = 'advisory' and objid = ${lock} and not granted`.execute(db)
              ).rows[0]?.n,
            { timeout: 20_000 },
          )
          .toBe(1);
        await Promise.all(reads);
      });
      await change;
      await expect.poll(() => seen.length).toBe(1);
      expect(seen).toEqual([{ pushed: 2, read: 2 }]);
    } finally {
      stop();
      await sql.raw(`drop trigger ${hold} on events; drop function ${hold}()`).execute(db);
    }
  });

  it('is never published when the change fails, and the version stays', async () => {
    const { competition, heat, final } = await meet();
    const s = await spectator();
    await s.subscribe({ competitionUic: competition.uic });
    await expect(
      updateEvent(t.runtime, heat.id, { status: 'finished' as never }),
    ).rejects.toThrow();
    await expect(updateEvent(t.runtime, randomUUID(), { status: 'official' })).rejects.toThrow(
      'Event not found',
    );
    // A change that works, made after them, reaches the page: anything they had published
    // would have arrived before it.
    await updateEvent(t.runtime, final.id, { status: 'official' });
    await s.next(changedEvent(final.id, 2));
    expect(s.messages.map((m) => m.name === 'event.changed' && m.payload.event.id)).toEqual([
      final.id,
    ]);
    const row = await t.runtime.db
      .selectFrom('events')
      .select('version')
      .where('id', '=', heat.id)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(1);
  });

  it('does not reach a page that unsubscribed, nor one watching another competition', async () => {
    const a = await meet();
    const b = await meet();
    const [watching, left, other] = [await spectator(), await spectator(), await spectator()];
    await watching.subscribe({ competitionUic: a.competition.uic });
    await left.subscribe({ competitionUic: a.competition.uic });
    await left.unsubscribe({ competitionUic: a.competition.uic });
    for (const s of [left, other]) await s.subscribe({ competitionUic: b.competition.uic });
    await updateEvent(t.runtime, a.heat.id, { status: 'official' });
    await watching.next(changedEvent(a.heat.id, 2));
    // A change to b after it reaches both pages, so a's would have arrived before it.
    await updateEvent(t.runtime, b.heat.id, { status: 'official' });
    for (const s of [left, other]) {
      await s.next(changedEvent(b.heat.id, 2));
      expect(s.messages.map((m) => m.name === 'event.changed' && m.payload.event.id)).toEqual([
        b.heat.id,
      ]);
    }
  });

  it('coalesces a burst for one event: fewer pushes, the last one the newest', async () => {
    const { competition, heat } = await meet();
    const s = await spectator();
    await s.subscribe({ competitionUic: competition.uic });
    let last = 0;
    // Twenty changes over about 200 ms (longer on a busy machine): at most one push per
    // 100 ms window, not twenty.
    const started = performance.now();
    for (let i = 1; i <= 20; i += 1) {
      ({ version: last } = await updateEvent(t.runtime, heat.id, { windSpeed: `+1.${i % 10}` }));
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(last).toBe(21);
    const windows = Math.ceil((performance.now() - started) / COALESCE_WINDOW_MS);
    await s.next(changedEvent(heat.id, last));
    await quietFor(250);
    const versions = s.messages.filter(changedEvent(heat.id)).map((m) => m.payload.version);
    expect(versions.at(-1)).toBe(21);
    expect(versions.length).toBeLessThanOrEqual(Math.min(windows + 4, 12));
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
  });

  it('of an event too large to push reaches its pages as its new version, to fetch it whole', async () => {
    const { competition, heat } = await meet();
    const [home, page] = [await spectator(), await spectator()];
    await home.subscribe({ competitionUic: competition.uic });
    await page.subscribe({ eventId: heat.id });

    // A mass-start road race at the row cap: allowed, but larger than a live message may be.
    const field = Array.from({ length: MAX_EVENT_ROWS }, (_, i) =>
      athlete({
        name: `Runner Number ${i + 1}`,
        rank: String(i + 1),
        bib: String(1000 + i),
        club: 'Leevale Athletic Club',
        performance: '31:04.57',
      }),
    );
    const big = await updateEvent(t.runtime, heat.id, { results: field, status: 'official' });
    const outdated = (m: LiveMessage) =>
      m.name === 'event.outdated' && m.payload.eventId === heat.id;
    const [onHome, onPage] = await Promise.all([home.next(outdated), page.next(outdated)]);
    const notice = { eventId: heat.id, competitionUic: competition.uic, version: big.version };
    expect(onHome.payload).toEqual(notice);
    expect(onPage.payload).toEqual(notice);
    const fetched = await (await fetch(`${t.url}/api/events/${heat.id}`)).text();
    expect(Buffer.byteLength(fetched)).toBeGreaterThan(MAX_LIVE_MESSAGE_BYTES);
    expect(JSON.parse(fetched)).toMatchObject({ version: big.version, results: field });

    // A small change afterwards is pushed whole again; the large one never was.
    const small = await updateEvent(t.runtime, heat.id, { results });
    await Promise.all([
      home.next(changedEvent(heat.id, small.version)),
      page.next(changedEvent(heat.id, small.version)),
    ]);
    for (const s of [home, page]) {
      expect(s.messages.filter(changedEvent(heat.id, big.version))).toEqual([]);
    }
  });
});

describe('what spectators see change', () => {
  it('a scratched event is pushed as scratched; a hidden or deleted one is removed', async () => {
    const { competition, heat, final } = await meet();
    const [home, page] = [await spectator(), await spectator()];
    await home.subscribe({ competitionUic: competition.uic });
    await page.subscribe({ eventId: final.id });

    await updateEvent(t.runtime, final.id, { status: 'scratched' });
    const scratched = await page.next(changedEvent(final.id, 2));
    expect(scratched.payload.event.status).toBe('scratched');

    await updateEvent(t.runtime, final.id, { visible: false });
    const removal = { eventId: final.id, competitionUic: competition.uic, version: 3 };
    for (const s of [home, page]) {
      expect((await s.next((m) => m.name === 'event.removed')).payload).toEqual(removal);
    }

    await deleteEvent(t.runtime, heat.id);
    const deleted = await home.next(
      (m) => m.name === 'event.removed' && m.payload.eventId === heat.id,
    );
    expect(deleted.payload).toEqual({
      eventId: heat.id,
      competitionUic: competition.uic,
      version: 2,
    });
  });

  it('a hidden event coming back is pushed in full again', async () => {
    const { competition, final } = await meet();
    await updateEvent(t.runtime, final.id, { visible: false });
    const s = await spectator();
    await s.subscribe({ competitionUic: competition.uic });
    await updateEvent(t.runtime, final.id, { visible: true });
    const back = await s.next(changedEvent(final.id, 3));
    expect(back.payload.event.eventName).toBe("Men's 100m Final");
  });

  it('a competition going live reaches its page and the pages of its events', async () => {
    const { competition, heat } = await meet();
    const [home, page] = [await spectator(), await spectator()];
    await home.subscribe({ competitionUic: competition.uic });
    await page.subscribe({ eventId: heat.id });
    await updateCompetition(t.runtime, competition.uic, { liveNow: true });
    for (const s of [home, page]) {
      const m = await s.next((x) => x.name === 'competition.changed');
      expect(m.payload).toMatchObject({
        version: 2,
        competition: { uic: competition.uic, liveNow: true, visible: true, eventCount: 2 },
      });
    }
  });

  it('a competition being hidden is pushed once as not visible, then nothing more', async () => {
    const { competition } = await meet();
    const shown = await meet();
    const s = await spectator();
    await s.subscribe({ competitionUic: competition.uic });
    await updateCompetition(t.runtime, competition.uic, {
      visible: false,
      competitionName: 'Renamed while hidden',
    });
    const hidden = await s.next((m) => m.name === 'competition.changed');
    expect(hidden.payload).toMatchObject({
      version: 2,
      competition: { visible: false, version: 2, competitionName: competition.competitionName },
    });
    await updateCompetition(t.runtime, competition.uic, { description: 'Secret plans' });
    // The page also watches a public competition; its change, made after, arrives after.
    await s.subscribe({ competitionUic: shown.competition.uic });
    await updateEvent(t.runtime, shown.heat.id, { status: 'official' });
    await s.next(changedEvent(shown.heat.id, 2));
    expect(s.messages.map((m) => m.name)).toEqual(['competition.changed', 'event.changed']);
  });

  it('changes to events of a hidden competition never reach the public', async () => {
    const db = t.runtime.db;
    const club = await createClub(db);
    const hidden = await createCompetition(db, club.uic, { visible: false });
    const event = await createEvent(db, hidden.uic);
    const shown = await meet();
    const s = await spectator();
    await s.subscribe({ competitionUic: hidden.uic });
    expect(await s.subscribe({ eventId: event.id })).toEqual({ ok: true, versions: {} });
    await s.subscribe({ competitionUic: shown.competition.uic });
    await updateEvent(t.runtime, event.id, { results, status: 'official' });
    // The same page watches a public competition: its change, made after, arrives after.
    await updateEvent(t.runtime, shown.heat.id, { status: 'official' });
    await s.next(changedEvent(shown.heat.id, 2));
    expect(s.messages.map((m) => m.name === 'event.changed' && m.payload.event.id)).toEqual([
      shown.heat.id,
    ]);
  });
});

describe('the club admin room', () => {
  async function admin(clubUic: number) {
    const db = t.runtime.db;
    const user = await db
      .insertInto('users')
      .values({ email: `${randomUUID()}@club.ie`, passwordHash: 'not-a-login', username: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('clubMembers').values({ userId: user.id, clubUic }).execute();
    const sessionId = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({
        idHash: hashSessionId(sessionId),
        userId: user.id,
        expiresAt: new Date(Date.now() + 3_600_000),
        userAgent: null,
        ip: null,
      })
      .execute();
    return `${SESSION_COOKIE}=${sessionId}`;
  }

  it("is open to the club's own admins only, from the site's own pages", async () => {
    const { club } = await meet();
    const other = await createClub(t.runtime.db);
    const cookie = await admin(club.uic);
    const target = { clubAdminUic: club.uic };
    const forbidden = { ok: false, error: 'Forbidden' };

    expect(await (await spectator()).subscribe(target)).toEqual(forbidden);
    const otherAdmin = await admin(other.uic);
    expect(await (await spectator({ cookie: otherAdmin })).subscribe(target)).toEqual(forbidden);
    const crossSite = await spectator({ cookie, origin: 'https://evil.example' });
    expect(await crossSite.subscribe(target)).toEqual(forbidden);

    const own = await spectator({ cookie, origin: t.url });
    expect(await own.subscribe(target)).toEqual({ ok: true, versions: {} });
    const status = publishedUpload(club.uic);
    t.runtime.bus.publish({ name: 'upload.status', payload: status });
    expect((await own.next((m) => m.name === 'upload.status')).payload).toEqual(status);
    await quietFor(100);
    expect(crossSite.messages).toEqual([]);
  });
});
