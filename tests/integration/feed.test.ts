// The open live feed (GET /feed): a plain WebSocket, read here with `ws` as a scoreboard or a
// third party would, beside Socket.IO on the same port.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  athlete,
  createClub,
  createCompetition,
  createEvent,
  paddedField,
} from '../support/factory.ts';
import { Spectator } from '../support/spectator.ts';
import { updateEvent } from '../../server/events/service.ts';
import { updateCompetition } from '../../server/competitions/service.ts';
import { liveFeedSockets } from '../../server/infra/metrics.ts';
import { MAX_EVENT_ROWS } from '../../shared/rowCap.ts';
import type { Config } from '../../server/config.ts';
import type { ApiError } from '../../shared/schemas/error.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import { FEED_CLOSE, type FeedMessage } from '../../server/feed/schemas.ts';
import { saveTeamScoring } from '../../server/teams/queries.ts';
import { DEFAULT_TEAM_SCORING, type TeamScores } from '../../shared/schemas/teamScores.ts';

type Of<T extends FeedMessage['type']> = Extract<FeedMessage, { type: T }>;

/** A feed client that records every message it is sent and how it was closed. */
class Feed {
  readonly messages: FeedMessage[] = [];
  binaryFrames = 0;
  closed: { code: number; reason: string } | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) this.binaryFrames += 1;
      this.messages.push(JSON.parse(String(data)) as FeedMessage);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  private wake() {
    for (const wake of this.waiters) wake();
  }

  /** Resolves once `found` returns something, given what has arrived so far. */
  until<T>(found: () => T | undefined, what: string, ms = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`not within ${ms} ms: ${what}`));
      }, ms);
      this.waiters.add(check);
      check();
    });
  }

  next<T extends FeedMessage['type']>(
    type: T,
    match: (m: Of<T>) => boolean = () => true,
  ): Promise<Of<T>> {
    return this.until(
      () => this.messages.find((m): m is Of<T> => m.type === type && match(m as Of<T>)),
      `a ${type} message`,
    );
  }

  closing(): Promise<{ code: number; reason: string }> {
    return this.until(() => this.closed ?? undefined, 'the feed closed');
  }
}

interface Refusal {
  status: number;
  body: ApiError;
}

const open: Feed[] = [];
afterEach(() => {
  for (const feed of open.splice(0)) feed.socket.terminate();
});

/** Opens a feed: once open, or the HTTP answer that refused the upgrade. */
function connect(
  t: TestApp,
  query: string,
  headers: Record<string, string> = {},
): Promise<Feed | Refusal> {
  const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/feed?${query}`, { headers });
  const feed = new Feed(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      open.push(feed);
      resolve(feed);
    });
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += String(chunk)));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as ApiError }),
      );
    });
    socket.once('error', reject);
  });
}

async function feed(t: TestApp, query: string, headers?: Record<string, string>): Promise<Feed> {
  const opened = await connect(t, query, headers);
  if (!(opened instanceof Feed)) throw new Error(`refused: ${JSON.stringify(opened)}`);
  return opened;
}

const getJson = async <T>(t: TestApp, path: string) =>
  (await (await fetch(`${t.url}${path}`)).json()) as T;

async function meet(t: TestApp) {
  const db = t.runtime.db;
  const club = await createClub(db);
  const competition = await createCompetition(db, club.uic, { liveNow: false });
  const heat = await createEvent(db, competition.uic, {
    eventName: "Women's 400m Heat 1",
    startListFile: [athlete({ name: 'Rhasidat Adeleke', lane: '5', bib: '112' })],
  });
  const final = await createEvent(db, competition.uic, { eventName: "Women's 400m Final" });
  return { club, competition, heat, final };
}

const results = [
  athlete({ name: 'Rhasidat Adeleke', rank: '1', bib: '112', lane: '5', performance: '49.87' }),
  athlete({ name: 'Sharlene Mawdsley', rank: '2', bib: '131', lane: '4', performance: '50.64' }),
];

/**
 * Makes the node hear of a gap, as when Redis lost messages it had not read: a message too
 * large for the bus, with no stand-in, is dropped and its publisher's node resyncs.
 */
function missedChanges(t: TestApp, competition: Competition): void {
  t.runtime.bus.publish({
    name: 'competition.changed',
    payload: { competition: { ...competition, description: 'x'.repeat(300_000) }, version: 99 },
  });
}

describe('the open live feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sends on connect a snapshot of what the API serves: the competition and each public event, whole, with their versions', async () => {
    const { competition, heat, final } = await meet(t);
    await createEvent(t.runtime.db, competition.uic, { visible: false });
    const f = await feed(t, `competitionUic=${competition.uic}`);
    const snapshot = await f.next('snapshot');

    const listed = await getJson<EventSummary[]>(
      t,
      `/api/events?competitionUic=${competition.uic}`,
    );
    expect(snapshot.events.map((e) => e.id)).toEqual(listed.map((e) => e.id));
    expect(snapshot.events.map((e) => e.id).sort()).toEqual([heat.id, final.id].sort());
    for (const event of snapshot.events) {
      expect(event).toEqual(await getJson<PublicEvent>(t, `/api/events/${event.id}`));
    }
    expect(snapshot.competition).toEqual(
      await getJson<Competition>(t, `/api/competitions/${competition.uic}`),
    );
    expect(snapshot.versions).toEqual({
      [`competition:${competition.uic}`]: 1,
      [`event:${heat.id}`]: 1,
      [`event:${final.id}`]: 1,
    });
    expect(f.binaryFrames).toBe(0);
  });

  it('sends each change to an event as the event whole, at its new version', async () => {
    const { competition, heat } = await meet(t);
    const f = await feed(t, `competitionUic=${competition.uic}`);
    await f.next('snapshot');
    const saved = await updateEvent(t.runtime, heat.id, {
      results,
      resultsFileName: '001-1-01.lif',
      windSpeed: '+0.4',
      status: 'official',
    });
    expect(saved.version).toBe(2);
    const changed = await f.next('event.changed', (m) => m.event.id === heat.id);
    expect(changed.version).toBe(2);
    expect(changed.event).toEqual(await getJson<PublicEvent>(t, `/api/events/${heat.id}`));
    expect(changed.event.results.map((r) => r.name)).toEqual([
      'Rhasidat Adeleke',
      'Sharlene Mawdsley',
    ]);

    await updateCompetition(t.runtime, competition.uic, { liveNow: true });
    const live = await f.next('competition.changed');
    expect(live).toMatchObject({ version: 2, competition: { liveNow: true, version: 2 } });
    expect(live.competition).toEqual(
      await getJson<Competition>(t, `/api/competitions/${competition.uic}`),
    );
  });

  it('sends a competition feed its team tables as a final lands, as the API serves them', async () => {
    const { competition, final } = await meet(t);
    await saveTeamScoring(t.runtime.db, competition.uic, DEFAULT_TEAM_SCORING);
    const f = await feed(t, `competitionUic=${competition.uic}`);
    await f.next('snapshot');
    await updateEvent(t.runtime, final.id, {
      results: results.map((row, i) => ({ ...row, club: ['Tallaght AC', 'Dundrum AC'][i]! })),
      status: 'official',
    });
    const teams = await f.next('team-scores', (m) => m.tables.length > 0);
    const served = await getJson<TeamScores>(t, `/api/competitions/${competition.uic}/team-scores`);
    expect(teams).toEqual({ type: 'team-scores', competitionUic: competition.uic, ...served });
    expect(served.tables[0]?.teams).toEqual([
      { team: 'Tallaght AC', points: 10, place: 1 },
      { team: 'Dundrum AC', points: 8, place: 2 },
    ]);
  });

  it('puts a changed event together from its message, reading nothing', async () => {
    const { competition, heat } = await meet(t);
    const f = await feed(t, `competitionUic=${competition.uic}`);
    await f.next('snapshot');
    // The competition and club the events are put together with are read once.
    await updateEvent(t.runtime, heat.id, { time: '14:00' });
    await f.next('event.changed', (m) => m.version === 2);
    const misses = t.app.publicReads.cache.misses;
    await updateEvent(t.runtime, heat.id, { time: '14:05', status: 'official', results });
    const changed = await f.next('event.changed', (m) => m.version === 3);
    expect(t.app.publicReads.cache.misses).toBe(misses);
    expect(changed.event).toEqual(await getJson<PublicEvent>(t, `/api/events/${heat.id}`));
  });

  it("of one event gets that event and its competition's changes only", async () => {
    const { competition, heat, final } = await meet(t);
    const f = await feed(t, `eventId=${final.id}`);
    const snapshot = await f.next('snapshot');
    expect(snapshot.events.map((e) => e.id)).toEqual([final.id]);
    expect(snapshot.competition.uic).toBe(competition.uic);
    expect(snapshot.versions).toEqual({
      [`competition:${competition.uic}`]: 1,
      [`event:${final.id}`]: 1,
    });

    await updateEvent(t.runtime, heat.id, { status: 'official' });
    await updateEvent(t.runtime, final.id, { status: 'scratched' });
    const changed = await f.next('event.changed');
    expect(changed).toMatchObject({ version: 2, event: { id: final.id, status: 'scratched' } });
    await updateCompetition(t.runtime, competition.uic, { location: 'Morton Stadium' });
    await f.next('competition.changed', (m) => m.competition.location === 'Morton Stadium');
    expect(f.messages.map((m) => m.type)).toEqual([
      'snapshot',
      'event.changed',
      'competition.changed',
    ]);
  });

  it('tells both kinds of feed when an event is hidden', async () => {
    const { competition, final } = await meet(t);
    const home = await feed(t, `competitionUic=${competition.uic}`);
    const page = await feed(t, `eventId=${final.id}`);
    await Promise.all([home.next('snapshot'), page.next('snapshot')]);
    await updateEvent(t.runtime, final.id, { visible: false });
    for (const f of [home, page]) {
      expect(await f.next('event.removed')).toEqual({
        type: 'event.removed',
        eventId: final.id,
        version: 2,
      });
    }
    // Gone from the API too: a new feed of it is refused.
    expect(await connect(t, `eventId=${final.id}`)).toMatchObject({ status: 404 });
  });

  it('sends an event too large for the bus whole all the same', async () => {
    const { competition, heat } = await meet(t);
    const f = await feed(t, `competitionUic=${competition.uic}`);
    await f.next('snapshot');
    const field = Array.from({ length: MAX_EVENT_ROWS }, (_, i) =>
      athlete({ name: `Runner ${i + 1}`, rank: String(i + 1), performance: '31:04.57' }),
    );
    const big = await updateEvent(t.runtime, heat.id, { results: field, status: 'official' });
    const changed = await f.next('event.changed', (m) => m.version === big.version);
    expect(changed.event.results).toHaveLength(MAX_EVENT_ROWS);
    expect(changed.event).toEqual(await getJson<PublicEvent>(t, `/api/events/${heat.id}`));
  });

  it('sends a fresh snapshot when this node may have missed changes', async () => {
    const { competition, heat } = await meet(t);
    const f = await feed(t, `competitionUic=${competition.uic}`);
    await f.next('snapshot');
    // A change that reached the database without its message (as if lost with Redis).
    await t.runtime.db
      .updateTable('events')
      .set({ time: '14:05', version: 2 })
      .where('id', '=', heat.id)
      .execute();
    missedChanges(t, await getJson<Competition>(t, `/api/competitions/${competition.uic}`));
    const snapshots = () => f.messages.filter((m): m is Of<'snapshot'> => m.type === 'snapshot');
    const fresh = await f.until(() => snapshots()[1], 'a second snapshot');
    expect(fresh.versions[`event:${heat.id}`]).toBe(2);
    expect(fresh.events.find((e) => e.id === heat.id)?.time).toBe('14:05');
  });

  it('closes (4404) when a fresh snapshot finds it no longer public', async () => {
    const { competition } = await meet(t);
    const f = await feed(t, `competitionUic=${competition.uic}`);
    await f.next('snapshot');
    const current = await getJson<Competition>(t, `/api/competitions/${competition.uic}`);
    // Hidden without its message reaching this node, which then hears of a gap.
    await t.runtime.db
      .updateTable('competitions')
      .set({ visible: false })
      .where('uic', '=', competition.uic)
      .execute();
    missedChanges(t, current);
    expect(await f.closing()).toMatchObject({ code: FEED_CLOSE.notFound });
    expect(f.messages.at(-1)).toEqual({
      type: 'error',
      code: 'not_found',
      message: 'Competition not found',
    });
  });

  it('refuses what it cannot serve with the API error, before the upgrade', async () => {
    expect(await connect(t, `competitionUic=2147483000`)).toMatchObject({
      status: 404,
      body: { code: 'not_found', error: 'Competition not found' },
    });
    expect(await connect(t, `eventId=${randomUUID()}`)).toMatchObject({
      status: 404,
      body: { code: 'not_found', error: 'Event not found' },
    });
    const hidden = await createCompetition(t.runtime.db, (await createClub(t.runtime.db)).uic, {
      visible: false,
    });
    expect(await connect(t, `competitionUic=${hidden.uic}`)).toMatchObject({ status: 404 });
    for (const query of ['', 'competitionUic=abc', `competitionUic=1&eventId=${randomUUID()}`]) {
      expect(await connect(t, query)).toMatchObject({
        status: 400,
        body: { code: 'invalid_request' },
      });
    }
    // Asked without an upgrade, it says what it is.
    const { competition } = await meet(t);
    const plain = await fetch(`${t.url}/feed?competitionUic=${competition.uic}`);
    expect(plain.status).toBe(426);
    expect(((await plain.json()) as ApiError).error).toMatch(/WebSocket/);
  });

  it('closes a client that floods it with messages (1008), and keeps serving the others', async () => {
    const { competition, heat } = await meet(t);
    const [flooder, other] = [
      await feed(t, `competitionUic=${competition.uic}`),
      await feed(t, `competitionUic=${competition.uic}`),
    ];
    await Promise.all([flooder.next('snapshot'), other.next('snapshot')]);
    // A keep-alive now and then is fine.
    flooder.socket.send('ping');
    for (let i = 0; i < 200; i += 1) flooder.socket.send('hello');
    expect((await flooder.closing()).code).toBe(1008);

    await updateEvent(t.runtime, heat.id, { status: 'official' });
    await other.next('event.changed', (m) => m.event.id === heat.id);
    expect(other.closed).toBeNull();
  });

  it('leaves Socket.IO working beside it on the same port', async () => {
    const { competition, heat } = await meet(t);
    const f = await feed(t, `competitionUic=${competition.uic}`);
    const page = await Spectator.connect(t.url);
    try {
      expect(await page.subscribe({ competitionUic: competition.uic })).toMatchObject({
        ok: true,
      });
      await updateEvent(t.runtime, heat.id, { time: '14:10' });
      await Promise.all([
        page.next((m) => m.name === 'event.changed' && m.payload.event.id === heat.id),
        f.next('event.changed', (m) => m.event.id === heat.id && m.event.time === '14:10'),
      ]);
    } finally {
      page.close();
    }
  });
});

describe('feed connections', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  async function app(config: Partial<Config>) {
    const started = await startTestApp({ config });
    apps.push(started);
    return started;
  }

  it('count against the per-address limit Socket.IO counts against too', async () => {
    const t = await app({ trustProxyHops: 1, liveMaxConnectionsPerAddress: 2 });
    const { competition } = await meet(t);
    const query = `competitionUic=${competition.uic}`;
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const page = await Spectator.connect(t.url, from('203.0.113.7'));
    try {
      const first = await feed(t, query, from('203.0.113.7'));
      await first.next('snapshot');
      expect(await connect(t, query, from('203.0.113.7'))).toMatchObject({
        status: 429,
        body: { code: 'too_many_requests' },
      });
      await expect(Spectator.connect(t.url, from('203.0.113.7'))).rejects.toThrow();
      // Another address is not held back.
      await (await feed(t, query, from('203.0.113.8'))).next('snapshot');

      first.socket.close();
      await first.closing();
      await expect
        .poll(async () => (await connect(t, query, from('203.0.113.7'))) instanceof Feed)
        .toBe(true);
    } finally {
      page.close();
    }
  });

  it('that never read share one copy of the snapshot, and an address is cut off before it is owed more than the limit', async () => {
    const t = await app({ trustProxyHops: 1, liveMaxConnectionsPerAddress: 200 });
    const gauge = async () => (await liveFeedSockets.get()).values[0]?.value ?? 0;
    const { competition } = await meet(t);
    // About 7 MB, past what the kernel takes of a socket that does not read (about 4 MB).
    for (let e = 0; e < 9; e += 1) {
      await createEvent(t.runtime.db, competition.uic, {
        status: 'official',
        results: paddedField(e),
      });
    }
    const query = `competitionUic=${competition.uic}`;
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const first = await feed(t, query, from('203.0.113.20'));
    const size = Buffer.byteLength(JSON.stringify(await first.next('snapshot')));
    expect(size).toBeGreaterThan(6_000_000);
    const openBefore = await gauge();
    const memoryBefore = process.memoryUsage().arrayBuffers;

    // Sixty feeds from one address that stop reading at once.
    const stalled = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const f = await feed(t, query, from('203.0.113.21'));
        f.socket.pause();
        return f;
      }),
    );
    // A feed opened after them has its snapshot once theirs were written (or refused).
    await (await feed(t, query, from('203.0.113.22'))).next('snapshot');

    const grown = process.memoryUsage().arrayBuffers - memoryBefore;
    // The feed that reads holds its copy too, as it takes it in.
    expect(grown).toBeLessThan(4 * size);
    // 64 MiB owed to one address at most: the rest were dropped, not buffered.
    const held = async () => (await gauge()) - openBefore - 1;
    await expect.poll(held).toBeLessThanOrEqual(Math.floor((64 * 1024 * 1024) / size));
    expect(await held()).toBeGreaterThan(0);
    for (const f of stalled) f.socket.terminate();
  });

  it('are refused a snapshot too large to send whole (4413), and may follow single events', async () => {
    const t = await app({});
    const { competition, heat } = await meet(t);
    // About 9.6 MB in all, past the 8 MiB a snapshot may be.
    for (let e = 0; e < 12; e += 1) {
      await createEvent(t.runtime.db, competition.uic, {
        status: 'official',
        results: paddedField(e),
      });
    }
    const whole = await feed(t, `competitionUic=${competition.uic}`);
    expect(await whole.next('error')).toMatchObject({ code: 'payload_too_large' });
    expect((await whole.closing()).code).toBe(FEED_CLOSE.tooLarge);
    const one = await feed(t, `eventId=${heat.id}`);
    expect((await one.next('snapshot')).events.map((e) => e.id)).toEqual([heat.id]);
  });

  it('are closed with 1001 when the node stops, and counted while open', async () => {
    const t = await app({});
    const gauge = async () => (await liveFeedSockets.get()).values[0]?.value ?? 0;
    // The other tests' feeds, closed by their clients, are gone from the count first.
    await expect.poll(gauge).toBe(0);
    const { competition } = await meet(t);
    const f = await feed(t, `competitionUic=${competition.uic}`);
    await f.next('snapshot');
    expect(await gauge()).toBe(1);
    await t.close();
    apps.splice(apps.indexOf(t), 1);
    expect((await f.closing()).code).toBe(1001);
    await expect.poll(gauge).toBe(0);
  });

  it('stay in the API process when fan-out processes take the Socket.IO sockets', async () => {
    const t = await app({ liveProcesses: 2 });
    const { competition, heat } = await meet(t);
    const feeds = await Promise.all(
      Array.from({ length: 4 }, () => feed(t, `competitionUic=${competition.uic}`)),
    );
    const pages = await Promise.all(Array.from({ length: 4 }, () => Spectator.connect(t.url)));
    try {
      for (const page of pages) await page.subscribe({ competitionUic: competition.uic });
      await Promise.all(feeds.map((f) => f.next('snapshot')));
      await updateEvent(t.runtime, heat.id, { status: 'official' });
      await Promise.all([
        ...feeds.map((f) => f.next('event.changed', (m) => m.event.id === heat.id)),
        ...pages.map((page) =>
          page.next((m) => m.name === 'event.changed' && m.payload.event.id === heat.id),
        ),
      ]);
      expect(t.app.io.engine.clientsCount).toBeLessThan(4);
    } finally {
      for (const page of pages) page.close();
    }
  });
});
