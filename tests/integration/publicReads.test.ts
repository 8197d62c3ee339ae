import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { Spectator } from '../support/spectator.ts';
import { createEvent as addEvent, updateEvent } from '../../server/events/service.ts';
import { updateCompetition } from '../../server/competitions/service.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import type { Club } from '../../shared/schemas/club.ts';
import type { Competition, CompetitionPage } from '../../shared/schemas/competition.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import {
  COMPETITIONS_PAGE_SIZE,
  paginate,
  splitCompetitions,
} from '../../shared/competitionList.ts';
import { competitionClock } from '../../shared/entries.ts';

// The public reads come from each node's memory (server/publicCache/): what a spectator is
// served must never be older than what the live messages have told them.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const spectators: Spectator[] = [];
afterEach(() => {
  for (const s of spectators.splice(0)) s.close();
});
async function watching(target: { competitionUic: number } | { eventId: string }) {
  const s = await Spectator.connect(t.url);
  spectators.push(s);
  expect(await s.subscribe(target)).toMatchObject({ ok: true });
  return s;
}

async function get<T>(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(t.url + path, { headers });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: (text ? JSON.parse(text) : undefined) as T,
  };
}

/** The body as it came over the wire (fetch would decompress it). */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
    http
      .get(t.url + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const results = (performance: string) => [
  athlete({ name: 'Sarah Healy', rank: '1', bib: '11', performance }),
  athlete({ name: 'Ciara Mageean', rank: '2', bib: '12', performance: '4:05.10' }),
];

async function meet() {
  const db = t.runtime.db;
  const club = await createClub(db);
  const competition = await createCompetition(db, club.uic, { liveNow: true });
  const final = await createEvent(db, competition.uic, {
    eventName: 'Women 1500m Final',
    status: 'official',
    results: results('4:01.50'),
  });
  const heat = await createEvent(db, competition.uic, { eventName: 'Women 1500m Heat 1' });
  return { club, competition, final, heat };
}

const is =
  (name: LiveMessage['name'], id: string | number) =>
  (m: LiveMessage): boolean =>
    m.name === name &&
    (('event' in m.payload && m.payload.event.id === id) ||
      ('eventId' in m.payload && m.payload.eventId === id) ||
      ('competition' in m.payload && m.payload.competition.uic === id));

describe('an event read', () => {
  it('carries an ETag and short public caching, and answers 304 with no body to its holder', async () => {
    const { final } = await meet();
    const first = await get<PublicEvent>(`/api/events/${final.id}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('public, max-age=1, stale-while-revalidate=5');
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"1-/);
    expect(first.body.results.map((r) => r.performance)).toEqual(['4:01.50', '4:05.10']);

    const again = await get(`/api/events/${final.id}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    // fetch would decompress it: read the bytes as they came.
    const raw = await rawGet(`/api/events/${final.id}`, { 'accept-encoding': 'br' });
    expect(raw.encoding).toBe('br');
    expect(brotliDecompressSync(raw.bytes).toString()).toBe(first.text);
  });

  it('after a change, serves it with a new ETag as soon as its live message has arrived', async () => {
    const { competition, final } = await meet();
    const before = await get<PublicEvent>(`/api/events/${final.id}`);
    await get(`/api/events?competitionUic=${competition.uic}`);
    const s = await watching({ eventId: final.id });

    await updateEvent(t.runtime, final.id, { results: results('3:59.99') });
    await s.next(is('event.changed', final.id));

    const after = await get<PublicEvent>(`/api/events/${final.id}`);
    expect(after.body.version).toBe(2);
    expect(after.body.results[0]?.performance).toBe('3:59.99');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const held = await get(`/api/events/${final.id}`, {
      'if-none-match': before.headers.get('etag')!,
    });
    expect(held.status).toBe(200);
    const list = await get<EventSummary[]>(`/api/events?competitionUic=${competition.uic}`);
    expect(list.body.find((e) => e.id === final.id)?.version).toBe(2);
  });

  it('tells a late subscriber the version it is then served', async () => {
    const { competition, final } = await meet();
    await get(`/api/events/${final.id}`);
    const s = await watching({ competitionUic: competition.uic });
    await updateEvent(t.runtime, final.id, { status: 'unofficial' });
    await s.next(is('event.changed', final.id));
    const late = await Spectator.connect(t.url);
    spectators.push(late);
    const ack = await late.subscribe({ eventId: final.id });
    const served = await get<PublicEvent>(`/api/events/${final.id}`);
    expect(ack).toEqual({
      ok: true,
      versions: { [`competition:${competition.uic}`]: 1, [`event:${final.id}`]: 2 },
    });
    expect(served.body.version).toBe(2);
  });
});

describe('what the public may no longer see', () => {
  it('leaves every read once its message has arrived: a hidden event, then its competition', async () => {
    const { club, competition, final, heat } = await meet();
    const reads = [
      `/api/events/${final.id}`,
      `/api/events/${heat.id}`,
      `/api/events?competitionUic=${competition.uic}`,
      `/api/competitions/${competition.uic}`,
      '/api/competitions',
      `/api/competitions?club=${club.uic}`,
    ];
    for (const path of reads) expect((await get(path)).status).toBe(200);
    const s = await watching({ competitionUic: competition.uic });

    await updateEvent(t.runtime, heat.id, { visible: false });
    await s.next(is('event.removed', heat.id));
    expect((await get(`/api/events/${heat.id}`)).status).toBe(404);
    const events = await get<EventSummary[]>(`/api/events?competitionUic=${competition.uic}`);
    expect(events.body.map((e) => e.id)).toEqual([final.id]);
    const shown = await get<Competition>(`/api/competitions/${competition.uic}`);
    expect(shown.body.eventCount).toBe(1);
    const ofClub = await get<Competition[]>(`/api/competitions?club=${club.uic}`);
    expect(ofClub.body.map((c) => c.eventCount)).toEqual([1]);

    await updateCompetition(t.runtime, competition.uic, { visible: false });
    await s.next(is('competition.changed', competition.uic));
    expect((await get(`/api/events/${final.id}`)).status).toBe(404);
    expect((await get(`/api/competitions/${competition.uic}`)).status).toBe(404);
    expect((await get(`/api/events?competitionUic=${competition.uic}`)).body).toEqual([]);
    const all = await get<Competition[]>('/api/competitions');
    expect(all.body.map((c) => c.uic)).not.toContain(competition.uic);
    expect((await get(`/api/competitions?club=${club.uic}`)).body).toEqual([]);
    const listed = await get<Club[]>('/api/clubs?listed=true');
    expect(listed.body.map((c) => c.uic)).not.toContain(club.uic);
  });

  it('comes back into the reads when it is public again, or newly added', async () => {
    const { competition, heat } = await meet();
    const s = await watching({ competitionUic: competition.uic });
    await updateEvent(t.runtime, heat.id, { visible: false });
    await s.next(is('event.removed', heat.id));
    expect((await get(`/api/events/${heat.id}`)).status).toBe(404);

    await updateEvent(t.runtime, heat.id, { visible: true });
    await s.next(is('event.changed', heat.id));
    expect((await get(`/api/events/${heat.id}`)).status).toBe(200);

    const added = await addEvent(t.runtime, competition.uic, {
      eventName: 'Men 800m Final',
      eventType: 'ATHLETICS',
      trackDiscipline: 'EIGHT_HUNDRED_METER',
    });
    await s.next(is('event.changed', added.id));
    const events = await get<EventSummary[]>(`/api/events?competitionUic=${competition.uic}`);
    expect(events.body.map((e) => e.eventName)).toContain('Men 800m Final');
    expect((await get<Competition>(`/api/competitions/${competition.uic}`)).body.eventCount).toBe(
      3,
    );
  });
});

describe('the lists the pages ask for', () => {
  // Made straight in the database, as a meet's data already is: an app of its own, which has
  // read nothing before it.
  let lists: TestApp;
  const made = {} as {
    club: Club;
    other: Club;
    open: { uic: number };
    relays: { uic: number };
    quiet: Club;
    empty: Club;
    live: Club;
  };
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  beforeAll(async () => {
    lists = await startTestApp();
    const db = lists.runtime.db;
    made.club = await createClub(db);
    made.other = await createClub(db);
    made.open = await createCompetition(db, made.club.uic, { urlName: `open-${made.club.uic}` });
    made.relays = await createCompetition(db, made.club.uic);
    await createCompetition(db, made.club.uic, { visible: false });
    await createCompetition(db, made.other.uic, { urlName: `open-${made.club.uic}` });
    for (let i = 0; i < 10; i += 1) {
      await createCompetition(db, made.other.uic, { date: inDays(400 + i) });
    }
    await createCompetition(db, made.other.uic, { date: '2001-05-05' });
    made.quiet = await createClub(db, { clubName: 'Aaa Quiet AC' });
    await createCompetition(db, made.quiet.uic);
    made.empty = await createClub(db, { clubName: 'Aaa Empty AC' });
    made.live = await createClub(db, { clubName: 'Zzz Live AC' });
    await createCompetition(db, made.live.uic, { liveNow: true });
  });
  afterAll(() => lists?.close());
  const read = async <T>(path: string) => {
    const res = await fetch(lists.url + path);
    return { status: res.status, body: (await res.json()) as T };
  };

  it('filters competitions by club, and finds those an address names by url name or uic', async () => {
    const { club, other, open, relays } = made;
    const ofClub = await read<Competition[]>(`/api/competitions?club=${club.uic}`);
    expect(ofClub.body.map((c) => c.uic).sort()).toEqual([open.uic, relays.uic].sort());
    const named = await read<Competition[]>(`/api/competitions?comp=OPEN-${club.uic}`);
    expect(named.body.map((c) => c.clubUic).sort()).toEqual([club.uic, other.uic].sort());
    const byUic = await read<Competition[]>(`/api/competitions?comp=${relays.uic}`);
    expect(byUic.body.map((c) => c.uic)).toEqual([relays.uic]);
    const both = await read<Competition[]>(
      `/api/competitions?club=${other.uic}&comp=open-${club.uic}`,
    );
    expect(both.body.map((c) => c.clubUic)).toEqual([other.uic]);
    expect((await read('/api/competitions?club=abc')).status).toBe(400);
  });

  it('lists the clubs the results page shows: with a public competition, a live one first', async () => {
    const listed = (await read<Club[]>('/api/clubs?listed=true')).body.map((c) => c.uic);
    expect(listed).toContain(made.quiet.uic);
    expect(listed).not.toContain(made.empty.uic);
    expect(listed.indexOf(made.live.uic)).toBeLessThan(listed.indexOf(made.quiet.uic));
    expect((await read<Club[]>('/api/clubs')).body.map((c) => c.uic)).toContain(made.empty.uic);
  });

  it('pages the competitions page on the server, 8 cards at a time, with each tab count', async () => {
    const everything = (await read<Competition[]>('/api/competitions')).body;
    const split = splitCompetitions(everything, competitionClock(new Date()).date);
    const pageCount = Math.ceil(split.upcoming.length / COMPETITIONS_PAGE_SIZE);
    expect(pageCount).toBeGreaterThan(1);
    for (const n of [1, 2]) {
      const { body } = await read<CompetitionPage>(`/api/competitions/upcoming?page=${n}`);
      expect(body.items.map((c) => c.uic)).toEqual(
        paginate(split.upcoming, n).items.map((c) => c.uic),
      );
      expect(body).toMatchObject({
        page: n,
        pageCount,
        upcoming: split.upcoming.length,
        past: split.past.length,
      });
      const clubUics = new Set(body.items.map((c) => c.clubUic));
      expect(body.clubs.map((c) => c.uic).sort()).toEqual([...clubUics].sort());
    }
    const last = await read<CompetitionPage>('/api/competitions/upcoming?page=9999');
    expect(last.body.page).toBe(pageCount);
    const past = await read<CompetitionPage>('/api/competitions/past');
    expect(past.body.items.map((c) => c.uic)).toEqual(
      paginate(split.past, 1).items.map((c) => c.uic),
    );
    expect((await read('/api/competitions/upcoming?page=0')).status).toBe(400);
  });
});
