import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ClubList } from '../../shared/schemas/club.ts';
import { Competition, CompetitionList } from '../../shared/schemas/competition.ts';
import { EventSummaryList, PublicEvent } from '../../shared/schemas/event.ts';
import { PricePlanList } from '../../shared/schemas/pricing.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
const get = async (path: string) => {
  const res = await fetch(t.url + path);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
};

// One public club with a live competition, and everything the public must never see.
let club: Awaited<ReturnType<typeof createClub>>;
let hiddenClub: Awaited<ReturnType<typeof createClub>>;
let live: Awaited<ReturnType<typeof createCompetition>>;
let hiddenCompetition: Awaited<ReturnType<typeof createCompetition>>;
let competitionOfHiddenClub: Awaited<ReturnType<typeof createCompetition>>;
let final: Awaited<ReturnType<typeof createEvent>>;
let hiddenEvent: Awaited<ReturnType<typeof createEvent>>;
let eventInHiddenCompetition: Awaited<ReturnType<typeof createEvent>>;
let eventOfHiddenClub: Awaited<ReturnType<typeof createEvent>>;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.runtime.db;
  club = await createClub(db);
  hiddenClub = await createClub(db, { visible: false });
  live = await createCompetition(db, club.uic, { liveNow: true });
  hiddenCompetition = await createCompetition(db, club.uic, { visible: false });
  competitionOfHiddenClub = await createCompetition(db, hiddenClub.uic);
  final = await createEvent(db, live.uic, {
    eventName: 'Men 100m Final',
    status: 'official',
    round: 'finals',
    windSpeed: '+1.3',
    resultsFileType: 'LYNX_MEET_MANAGMENT',
    resultsFileName: '001-1-01.lif',
    results: [
      athlete({ name: 'Israel Olatunde', rank: '1', bib: '12', performance: '10.172' }),
      athlete({ name: 'Mark Smyth', rank: '2', bib: '7', performance: '10.301' }),
    ],
  });
  await createEvent(db, live.uic, {
    eventName: 'Women 200m Heats',
    status: 'upcoming',
    startListFile: [athlete({ name: 'Rhasidat Adeleke', lane: '4', bib: '3' })],
  });
  hiddenEvent = await createEvent(db, live.uic, { visible: false, eventName: 'Hidden Relay' });
  eventInHiddenCompetition = await createEvent(db, hiddenCompetition.uic);
  eventOfHiddenClub = await createEvent(db, competitionOfHiddenClub.uic);
});
afterAll(() => t.close());

describe('GET /api/clubs', () => {
  it('lists visible clubs and never a hidden one', async () => {
    const { status, body } = await get('/api/clubs');
    expect(status).toBe(200);
    const clubs = ClubList.parse(body);
    expect(clubs.map((c) => c.uic)).toContain(club.uic);
    expect(clubs.map((c) => c.uic)).not.toContain(hiddenClub.uic);
    expect(clubs.find((c) => c.uic === club.uic)).toMatchObject({
      clubName: club.clubName,
      urlName: club.urlName,
      visible: true,
    });
  });
});

describe('GET /api/competitions', () => {
  it('lists public competitions with their count of public events', async () => {
    const { status, body } = await get('/api/competitions');
    expect(status).toBe(200);
    const list = CompetitionList.parse(body);
    const uics = list.map((c) => c.uic);
    expect(uics).toContain(live.uic);
    expect(uics).not.toContain(hiddenCompetition.uic);
    expect(uics).not.toContain(competitionOfHiddenClub.uic);
    const mine = list.find((c) => c.uic === live.uic);
    expect(mine).toMatchObject({ liveNow: true, eventCount: 2, clubUic: club.uic });
    expect(mine?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The parsed timetable is admin data.
    expect(body[0]).not.toHaveProperty('timeTableFile');
  });

  it('gives one competition by uic', async () => {
    const { status, body } = await get(`/api/competitions/${live.uic}`);
    expect(status).toBe(200);
    expect(Competition.parse(body).competitionName).toBe(live.competitionName);
  });

  it.each([
    ['a hidden competition', () => String(hiddenCompetition.uic)],
    ['a competition of a hidden club', () => String(competitionOfHiddenClub.uic)],
    ['an unknown uic', () => '987654321'],
    ['a malformed uic', () => 'abc'],
    ['a negative uic', () => '-1'],
    ['an overflowing uic', () => '99999999999999999999'],
  ])('answers 404 with a JSON error for %s', async (_, uic) => {
    const { status, type, body } = await get(`/api/competitions/${uic()}`);
    expect(status).toBe(404);
    expect(type).toContain('application/json');
    expect(body).toMatchObject({ error: 'Competition not found', code: 'not_found' });
  });
});

describe('GET /api/events', () => {
  it('lists public events without their heavy rows', async () => {
    const { status, body } = await get('/api/events');
    expect(status).toBe(200);
    const ids = EventSummaryList.parse(body).map((e) => e.id);
    expect(ids).toContain(final.id);
    for (const hidden of [hiddenEvent, eventInHiddenCompetition, eventOfHiddenClub]) {
      expect(ids).not.toContain(hidden.id);
    }
    const row = body.find((e: { id: string }) => e.id === final.id);
    expect(row).not.toHaveProperty('results');
    expect(row).toMatchObject({ hasResults: true, hasStartList: false, status: 'official' });
  });

  it('filters by competitionUic', async () => {
    const { body } = await get(`/api/events?competitionUic=${live.uic}`);
    const events = EventSummaryList.parse(body);
    expect(events.map((e) => e.eventName).sort()).toEqual(['Men 100m Final', 'Women 200m Heats']);
    expect(events.find((e) => e.eventName === 'Women 200m Heats')?.hasStartList).toBe(true);
  });

  it('gives an empty list for a hidden competition', async () => {
    const { status, body } = await get(`/api/events?competitionUic=${hiddenCompetition.uic}`);
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('refuses a malformed filter with a JSON error', async () => {
    const { status, body } = await get('/api/events?competitionUic=abc');
    expect(status).toBe(400);
    expect(body.error).toEqual(expect.any(String));
  });
});

describe('GET /api/events/:id', () => {
  it('gives the event with its results, competition and club', async () => {
    const { status, body } = await get(`/api/events/${final.id}`);
    expect(status).toBe(200);
    const event = PublicEvent.parse(body);
    expect(event).toMatchObject({
      eventName: 'Men 100m Final',
      windSpeed: '+1.3',
      status: 'official',
      competitionUic: live.uic,
      competition: { uic: live.uic, competitionName: live.competitionName },
      club: { uic: club.uic, clubName: club.clubName },
    });
    expect(event.results.map((r) => r.name)).toEqual(['Israel Olatunde', 'Mark Smyth']);
    expect(event.results[0]?.performance).toBe('10.172');
  });

  it.each([
    ['a hidden event', () => hiddenEvent.id],
    ['an event of a hidden competition', () => eventInHiddenCompetition.id],
    ['an event of a hidden club', () => eventOfHiddenClub.id],
    ['an unknown id', () => randomUUID()],
    ['a malformed id', () => 'not-a-uuid'],
    ['an id with SQL in it', () => "1' or '1'='1"],
  ])('answers 404 Event not found for %s', async (_, id) => {
    const { status, body } = await get(`/api/events/${encodeURIComponent(id())}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'Event not found', code: 'not_found' });
  });
});

describe('GET /api/prices', () => {
  it('lists the four plans with their features', async () => {
    const { status, body } = await get('/api/prices');
    expect(status).toBe(200);
    const plans = PricePlanList.parse(body);
    expect(plans.map((p) => p.name)).toEqual(['Recreational', 'Club', 'Performance', 'Custom']);
    const recreational = plans[0];
    expect(recreational?.price).toBe('Free');
    expect(recreational?.features['Limited to 3 competitions']).toBe(true);
    expect(plans.filter((p) => p.highlight).map((p) => p.name)).toEqual(['Club']);
    expect(plans.find((p) => p.name === 'Custom')?.price).toBe('Custom');
    for (const feature of ['Timetable', 'Startlist', 'Results', 'Wind Speed', 'Adverts']) {
      expect(Object.keys(plans[1]?.features ?? {})).toContain(feature);
    }
  });
});

describe('POST /api/waitinglist', () => {
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.url}/api/waitinglist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const rows = (email: string) =>
    t.runtime.db.selectFrom('waitingList').selectAll().where('email', '=', email).execute();

  it('adds an e-mail once, however often it is sent', async () => {
    const email = `coach-${randomUUID().slice(0, 8)}@example.ie`;
    expect(await post({ email })).toEqual({ status: 200, body: { ok: true } });
    expect(await post({ email: email.toUpperCase() })).toEqual({ status: 200, body: { ok: true } });
    expect(await rows(email)).toHaveLength(1);
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }],
    ['a missing e-mail', {}],
    ['an empty e-mail', { email: '' }],
    ['malformed JSON', '{"email":'],
  ])('refuses %s with an error and stores nothing', async (_, body) => {
    const before = await t.runtime.db.selectFrom('waitingList').select('id').execute();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    const after = await t.runtime.db.selectFrom('waitingList').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('refuses an oversized body', async () => {
    const res = await post({ email: `${'a'.repeat(10_000)}@example.ie` });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a JSON error', async () => {
    const { status, body } = await get('/api/nothing-here');
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'Not found', code: 'not_found' });
  });
});
