import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, eventBody, loggedIn, type AdminClient } from '../support/admin.ts';
import { athlete, createCompetition } from '../support/factory.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import type { AthleteProfile, RecordList } from '../../shared/schemas/athleteProfile.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { fromNewestMail } from '../support/outbox.ts';
import { publicMeet, uploadBatches } from '../support/meets.ts';

// Bests and records as a club lives them, through the HTTP API: the same athletes over two
// seasons and two clubs' meets, PBs and SBs flagged as the results land, a meeting record
// broken, equalled and wind-aided, and each athlete's page across competitions.

let t: TestApp;
let client: AdminClient;
let clubUic: number;
beforeAll(async () => {
  t = await startTestApp();
  const { club, admin } = await clubWithAdmin(t.runtime.db);
  clubUic = club.uic;
  client = await loggedIn(t.url, admin.email);
});
afterAll(async () => {
  await t?.close();
});

const meet = (date: string, competitionName: string) =>
  createCompetition(t.runtime.db, clubUic, { date, competitionName });

const run = (name: string, club: string, performance: string, rank: string, more = {}) =>
  athlete({ name, club, performance, rank, gender: 'F', ...more });

async function publish(
  uic: number,
  eventName: string,
  results: AthleteRow[],
  extra: Record<string, unknown> = {},
): Promise<PublicEvent> {
  const res = await client.json<AdminEvent>(`/api/admin/competitions/${uic}/events`, {
    method: 'POST',
    json: eventBody({
      eventName,
      round: 'finals',
      status: 'official',
      resultsFileType: 'MANUAL',
      results,
      ...extra,
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await fetch(`${t.url}/api/events/${res.body.id}`)).json() as Promise<PublicEvent>;
}

const flagsOf = (event: PublicEvent) =>
  Object.fromEntries(event.results.map((row) => [row.name, row.flags]));

const profile = async (id: string) => {
  const res = await fetch(`${t.url}/api/athletes/${id}`);
  return { status: res.status, body: (await res.json()) as AthleteProfile };
};

describe('bests and records', () => {
  it('flags PB and SB across two seasons, hand times and wind apart, and joins the athlete up', async () => {
    const first = await meet('2025-06-01', 'Summer Open 2025');
    const debut = await publish(
      first.uic,
      "Women's 100m",
      [
        run('Aoife Ryan', 'Tuam AC', '12.31', '1'),
        run('Ciara Walsh', 'Galway City Harriers', '12.50', '2'),
      ],
      { windSpeed: '+0.8' },
    );
    // A first mark on Rith has nothing to beat: no PB.
    expect(flagsOf(debut)).toEqual({ 'Aoife Ryan': [], 'Ciara Walsh': [] });
    expect(debut.results.every((row) => typeof row.athleteId === 'string')).toBe(true);

    const later = await meet('2025-07-01', 'Summer Open 2025 II');
    const better = await publish(
      later.uic,
      "Women's 100m Final",
      [
        run('Aoife  RYAN', 'Tuam AC', '12.05', '1'),
        run('Ciara Walsh', 'Galway City Harriers', '12.50', '2'),
      ],
      { windSpeed: '+1.2' },
    );
    // Folded as the search folds: the same athlete, a PB; an equal mark is =PB.
    expect(flagsOf(better)).toEqual({ 'Aoife  RYAN': ['PB'], 'Ciara Walsh': ['=PB'] });
    expect(better.results[0]!.athleteId).toBe(debut.results[0]!.athleteId);

    const nextSeason = await meet('2026-05-10', 'Spring Open 2026');
    const season = await publish(
      nextSeason.uic,
      "Women's 100m",
      [
        run('Aoife Ryan', 'Tuam AC', '12.20', '1'),
        run('Ciara Walsh', 'Galway City Harriers', '12.40', '2', { windspeed: '+2.4' }),
      ],
      { windSpeed: '+0.5' },
    );
    // Slower than her PB, her first of the season: SB. Wind-aided: no best at all.
    expect(flagsOf(season)).toEqual({ 'Aoife Ryan': ['SB'], 'Ciara Walsh': [] });

    const hand = await meet('2026-06-10', 'Grass Track 2026');
    const handTimed = await publish(
      hand.uic,
      "Women's 100m",
      [run('Aoife Ryan', 'Tuam AC', '11.9', '1')],
      {
        windSpeed: '+0.0',
      },
    );
    // A hand time is not compared with automatic ones: no PB over 12.05.
    expect(flagsOf(handTimed)).toEqual({ 'Aoife Ryan': [] });

    const page = await profile(debut.results[0]!.athleteId!);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ name: 'Aoife Ryan', club: 'Tuam AC' });
    expect(page.body.results.map((r) => [r.competitionName, r.mark, r.flags])).toEqual([
      ['Grass Track 2026', '11.9', []],
      ['Spring Open 2026', '12.20', ['SB']],
      ['Summer Open 2025 II', '12.05', ['PB']],
      ['Summer Open 2025', '12.31', []],
    ]);
    const [hundred] = page.body.bests;
    expect(hundred).toMatchObject({
      event: '100 m',
      indoor: false,
      pb: { mark: '12.05', competitionName: 'Summer Open 2025 II' },
      hand: { mark: '11.9' },
    });
    const windy = await profile(season.results[1]!.athleteId!);
    expect(windy.body.bests[0]).toMatchObject({
      pb: { mark: '12.50' },
      windAided: { mark: '12.40', wind: '+2.4' },
    });
  });

  it('breaks, equals and misses a meeting record by the wind, and shows the old mark', async () => {
    const competition = await meet('2026-07-04', 'Records Open');
    const records = {
      records: [
        {
          type: 'MR',
          eventName: 'Women 100m',
          gender: 'F',
          mark: '11.80',
          holder: 'Old Holder',
          date: '2019',
        },
        {
          type: 'club',
          eventName: "Men's Long Jump",
          gender: 'M',
          mark: '7.20',
          holder: 'Club Man',
          clubWide: true,
        },
      ],
    };
    const put = await client.json<RecordList>(
      `/api/admin/competitions/${competition.uic}/records`,
      {
        method: 'PUT',
        json: records,
      },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.records.map((r) => [r.type, r.event, r.mark, r.clubWide])).toEqual([
      ['MR', '100 m', '11.80', false],
      ['CLUB', 'Long jump', '7.20', true],
    ]);
    const bad = await client.json(`/api/admin/competitions/${competition.uic}/records`, {
      method: 'PUT',
      json: { records: [{ type: 'MR', eventName: 'Women 100m', gender: 'F', mark: 'fast' }] },
    });
    expect(bad.status).toBe(400);
    // Refused whole: the lists are as they were.
    const kept = await client.json<RecordList>(
      `/api/admin/competitions/${competition.uic}/records`,
    );
    expect(kept.body.records).toHaveLength(2);

    const heat = await publish(
      competition.uic,
      "Women's 100m Heat 1",
      [run('Sprinter One', 'A', '11.80', '1'), run('Sprinter Two', 'B', '11.95', '2')],
      { windSpeed: '+1.0', round: 'heats' },
    );
    expect(flagsOf(heat)).toEqual({ 'Sprinter One': ['=MR'], 'Sprinter Two': [] });
    const windy = await publish(
      competition.uic,
      "Women's 100m Heat 2",
      [run('Sprinter Three', 'C', '11.70', '1')],
      { windSpeed: '+2.1', round: 'heats' },
    );
    expect(flagsOf(windy)).toEqual({ 'Sprinter Three': [] });
    const final = await publish(
      competition.uic,
      "Women's 100m Final",
      [run('Sprinter Two', 'B', '11.75', '1'), run('Sprinter One', 'A', '11.79', '2')],
      { windSpeed: '+1.9' },
    );
    // 11.75 breaks it; 11.79 beat the list's mark too, but the race's record is its winner's.
    expect(flagsOf(final)).toEqual({ 'Sprinter Two': ['MR', 'PB'], 'Sprinter One': ['PB'] });

    const jump = await publish(
      competition.uic,
      "Men's Long Jump",
      [athlete({ name: 'Jumper', club: 'D', rank: '1', performance: '7.31', gender: 'M' })],
      { eventType: 'JUMP', trackDiscipline: null, fieldDiscipline: 'LONG_JUMP', windSpeed: '+0.3' },
    );
    expect(flagsOf(jump)).toEqual({ Jumper: ['CLUB'] });
  });

  it('joins up a real meet sent under two competitions by licence', async () => {
    const one = await meet('2026-01-20', 'Indoor Games');
    const two = await meet('2026-02-20', 'Indoor Games II');
    const lic = (name: string, club: string, performance: string, licence: string) =>
      athlete({ name, club, performance, rank: '1', gender: 'M', licence });
    const a = await publish(
      one.uic,
      "Men's 60m",
      [lic('Tom Byrne', 'Old Club', '7.01', 'IRL-00123')],
      {
        trackDiscipline: 'SIXTY_METER',
      },
    );
    // Moved club, and his name written another way: the licence says he is the same man.
    const b = await publish(
      two.uic,
      "Men's 60m",
      [lic('Thomas Byrne', 'New Club', '6.98', 'IRL00123')],
      {
        trackDiscipline: 'SIXTY_METER',
      },
    );
    expect(b.results[0]!.athleteId).toBe(a.results[0]!.athleteId);
    expect(flagsOf(b)).toEqual({ 'Thomas Byrne': ['PB'] });
    const page = await profile(a.results[0]!.athleteId!);
    expect(page.body.bests[0]).toMatchObject({ event: '60 m', indoor: true, pb: { mark: '6.98' } });
  });

  it('joins up two athletes the rule told apart, splits them again, and hides a page on request', async () => {
    const one = await meet('2026-03-01', 'Married Name Meet');
    const maiden = await publish(
      one.uic,
      "Women's Long Jump",
      [
        athlete({
          name: 'Sarah Doyle',
          club: 'Clonmel AC',
          rank: '1',
          performance: '6.10',
          gender: 'F',
        }),
      ],
      { eventType: 'JUMP', trackDiscipline: null, fieldDiscipline: 'LONG_JUMP', windSpeed: '+1.0' },
    );
    const married = await publish(
      one.uic,
      "Women's Triple Jump",
      [
        athlete({
          name: 'Sarah Walsh',
          club: 'Clonmel AC',
          rank: '1',
          performance: '12.80',
          gender: 'F',
        }),
      ],
      {
        eventType: 'JUMP',
        trackDiscipline: null,
        fieldDiscipline: 'TRIPLE_JUMP',
        windSpeed: '+1.0',
      },
    );
    const doyle = maiden.results[0]!.athleteId!;
    const walsh = married.results[0]!.athleteId!;
    expect(doyle).not.toBe(walsh);

    const merge = await client.json<{ id: string }>(`/api/admin/athletes/${doyle}/merge`, {
      method: 'POST',
      json: { into: walsh },
    });
    expect(merge).toEqual({ status: 200, body: { id: walsh } });
    // One page under either id: both results, and who was merged in.
    for (const id of [doyle, walsh]) {
      const page = await profile(id);
      expect(page.body.id).toBe(walsh);
      expect(page.body.results.map((r) => r.mark).sort()).toEqual(['12.80', '6.10']);
      expect(page.body.merged).toEqual([{ id: doyle, name: 'Sarah Doyle', club: 'Clonmel AC' }]);
    }
    const again = await client.json(`/api/admin/athletes/${doyle}/merge`, {
      method: 'POST',
      json: { into: walsh },
    });
    expect(again.status).toBe(400);

    const split = await client.json(`/api/admin/athletes/${doyle}/merge`, { method: 'DELETE' });
    expect(split).toEqual({ status: 200, body: { id: doyle } });
    expect((await profile(doyle)).body.results.map((r) => r.mark)).toEqual(['6.10']);
    expect((await profile(walsh)).body.merged).toEqual([]);

    // Another club's admin may not touch these athletes.
    const { admin: stranger } = await clubWithAdmin(t.runtime.db);
    const outsider = await loggedIn(t.url, stranger.email);
    const refused = await outsider.json(`/api/admin/athletes/${doyle}/merge`, {
      method: 'POST',
      json: { into: walsh },
    });
    expect(refused.status).toBe(404);

    // The athlete registered for a meet with her e-mail: a link comes, and hides the page.
    const email = 'sarah.walsh@example.com';
    await t.runtime.db
      .insertInto('registrations')
      .values({
        competitionUic: one.uic,
        email,
        firstName: 'Sarah',
        lastName: 'Walsh',
        personalInfo: '{}',
      })
      .execute();
    const ask = (address: string) =>
      fetch(`${t.url}/api/athletes/${walsh}/page-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      });
    // Whoever asks hears the same; only her address gets the link.
    expect((await ask('someone.else@example.com')).status).toBe(200);
    expect((await ask(email)).status).toBe(200);
    const token = await fromNewestMail(t.runtime.db, email, /\?page=([A-Za-z0-9_-]+)/);
    const hide = (hidden: boolean, with_ = token) =>
      fetch(`${t.url}/api/athletes/${walsh}/hidden`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: with_, hidden }),
      });
    expect((await hide(true, 'forged')).status).toBe(400);
    expect((await profile(walsh)).status).toBe(200);
    expect((await hide(true)).status).toBe(200);
    expect((await profile(walsh)).status).toBe(404);
    expect((await fetch(`${t.url}/athlete/${walsh}`)).status).toBe(404);
    expect((await hide(false)).status).toBe(200);
    expect((await profile(walsh)).status).toBe(200);
    const none = await t.runtime.db
      .selectFrom('outboxEmails')
      .select('id')
      .where('toAddress', '=', 'someone.else@example.com')
      .execute();
    expect(none).toEqual([]);
  });

  it('joins up a real FinishLynx meet sent under two competitions, and the second equals every PB', async () => {
    const files = ['lynx.evt', '001-1-01.lif', '001-1-02.lif', '011-1-01.lif', '029-1-01.lff'];
    const first = await meet('2026-01-17', 'College Indoor I');
    const second = await meet('2026-02-14', 'College Indoor II');
    await uploadBatches(client, first.uic, 'college-indoor', [files]);
    await uploadBatches(client, second.uic, 'college-indoor', [files]);
    const rowsOf = async (uic: number) =>
      (await publicMeet(t.url, uic)).flatMap((event) =>
        event.results.map((row) => ({ event: event.eventName, heat: event.heat, ...row })),
      );
    const before = await rowsOf(first.uic);
    const after = await rowsOf(second.uic);
    expect(after.length).toBeGreaterThan(20);
    expect(after.length).toBe(before.length);
    // Every row is an athlete Rith knows, the same one in both meets.
    const key = (r: (typeof after)[number]) => `${r.event}|${r.heat}|${r.name}|${r.club}`;
    const firstIds = new Map(before.map((r) => [key(r), r.athleteId]));
    for (const row of after) {
      expect(row.athleteId, row.name).toBeTruthy();
      expect(row.athleteId, row.name).toBe(firstIds.get(key(row)));
    }
    // Nothing to beat in the first; the same marks again equal each PB (indoors: no wind).
    expect(before.filter((r) => (r.flags ?? []).length > 0)).toEqual([]);
    const marked = after.filter((r) => /^\d/.test(r.rank ?? ''));
    expect(marked.length).toBeGreaterThan(15);
    for (const row of marked) expect(row.flags, `${row.event} ${row.name}`).toEqual(['=PB']);
  });

  it("keeps an entry's seed PB and SB, so a first meet on Rith flags PBs against them", async () => {
    const competition = await meet('2026-05-02', 'Seeded Open');
    const seeded = (name: string, pb: string) =>
      athlete({ name, club: 'Seed AC', gender: 'F', lane: '1', pb, sb: pb });
    const body = {
      eventName: "Women's 200m",
      trackDiscipline: 'TWO_HUNDRED_METER',
      round: 'finals',
      status: 'upcoming',
      startListType: 'MANUAL',
      startListFile: [seeded('Faster Than Seed', '25.40'), seeded('Slower Than Seed', '24.90')],
    };
    const made = await client.json<AdminEvent>(
      `/api/admin/competitions/${competition.uic}/events`,
      { method: 'POST', json: eventBody(body) },
    );
    expect(made.status).toBe(200);
    // The start list's rows already link to the athletes.
    expect(made.body.startListFile.every((row) => row.athleteId)).toBe(true);
    const done = await client.json<AdminEvent>(`/api/admin/events/${made.body.id}`, {
      method: 'PUT',
      json: eventBody({
        ...body,
        status: 'official',
        windSpeed: '+1.5',
        resultsFileType: 'MANUAL',
        results: [
          run('Faster Than Seed', 'Seed AC', '25.10', '1'),
          run('Slower Than Seed', 'Seed AC', '25.20', '2'),
        ],
      }),
    });
    expect(done.status).toBe(200);
    const event = (await (
      await fetch(`${t.url}/api/events/${made.body.id}`)
    ).json()) as PublicEvent;
    expect(flagsOf(event)).toEqual({ 'Faster Than Seed': ['PB'], 'Slower Than Seed': [] });
  });
});
