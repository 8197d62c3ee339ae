import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, startTestApp, testConfig, type TestApp } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import {
  startPushEndpoint,
  type PushEndpoint,
  type ReceivedPush,
} from '../support/pushEndpoint.ts';
import { updateEvent } from '../../server/events/service.ts';
import { registerProcessors, type Processors } from '../../worker/processors.ts';
import { pushAlertsJob } from '../../server/push/job.ts';
import { competitionClock } from '../../shared/entries.ts';
import { clockText, venueNow } from '../../shared/schedule/venue.ts';
import type { AthleteSearchResult } from '../../shared/schemas/athleteSearch.ts';
import type { Follows, PushAlert } from '../../shared/schemas/follow.ts';

let t: TestApp;
let push: PushEndpoint;
let processors: Processors;

const today = () => competitionClock(new Date()).date;
/** The venue's clock `minutes` from now, as a timetable writes it. */
const inMinutes = (minutes: number) => clockText(venueNow(today(), new Date()) + minutes);

beforeAll(async () => {
  push = await startPushEndpoint();
  // The push endpoint's certificate is its own: this process's sends trust it.
  https.globalAgent.options.ca = push.ca;
  const host = new URL(push.url).host;
  t = await startTestApp({
    // The test starts the jobs itself, and restarts them.
    processors: false,
    config: {
      push: {
        ...testConfig().push,
        vapidKeys: undefined,
        vapidSubject: 'mailto:alerts@rith.test',
        endpointHosts: [host],
        tickMs: 200,
      },
    },
  });
});
afterAll(async () => {
  await processors?.close();
  await t?.close();
  await push?.close();
});

async function api<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(`${t.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', origin: t.url, ...init?.headers },
  });
  return { status: res.status, body: (await res.json()) as T };
}

const search = (uic: number, query: string) =>
  api<AthleteSearchResult>(`/api/competitions/${uic}/athletes?${query}`);

const follow = (subscription: ReturnType<PushEndpoint['subscribe']>, follows: Follows) =>
  api<{ ok: true }>('/api/push/subscription', {
    method: 'PUT',
    body: JSON.stringify({ subscription, follows }),
  });

const idOf = (s: { endpoint: string }) => s.endpoint.split('/').pop() ?? '';
const alertsTo = (s: { endpoint: string }, kind?: PushAlert['kind']) =>
  push.received.filter(
    (p) =>
      p.subscription === idOf(s) && (kind === undefined || (p.payload as PushAlert).kind === kind),
  );
const waitForAlert = (s: { endpoint: string }, kind: PushAlert['kind'], eventId: string) =>
  push.waitFor(
    (p: ReceivedPush) =>
      p.subscription === idOf(s) &&
      (p.payload as PushAlert).kind === kind &&
      (p.payload as PushAlert).url === `/event/${eventId}`,
    1,
    15_000,
  );

async function meet() {
  const club = await createClub(t.runtime.db);
  const competition = await createCompetition(t.runtime.db, club.uic, { date: today() });
  return competition.uic;
}

describe('athlete search', () => {
  it('finds athletes by name, bib or club with accents and case ignored, with their events', async () => {
    // Another day: its timetable alone says when, whatever the time the test runs at.
    const club = await createClub(t.runtime.db);
    const { uic } = await createCompetition(t.runtime.db, club.uic, { date: '2099-06-01' });
    const heat = await createEvent(t.runtime.db, uic, {
      eventName: 'Men 100 Meter Dash',
      time: '14:00',
      round: 'heats',
      heat: 2,
      heatCount: 3,
      startListFile: [
        athlete({ id: 's1', name: 'Łukasz Nowák', bib: '0412', club: 'Śląsk Wrocław', lane: '5' }),
        athlete({
          id: 's2',
          name: "Seán O'Brien",
          bib: '77',
          club: 'Clonliffe Harriers',
          lane: '3',
        }),
      ],
    });
    const jump = await createEvent(t.runtime.db, uic, {
      eventName: 'Men Long Jump',
      eventType: 'JUMP',
      trackDiscipline: null,
      fieldDiscipline: 'LONG_JUMP',
      time: '15:00',
      status: 'official',
      startListFile: [athlete({ id: 'j0', name: 'Other Jumper', bib: '9' })],
      results: [
        athlete({
          id: 'j1',
          name: 'Lukasz Nowak',
          bib: null,
          club: 'Slask Wroclaw',
          rank: '2',
          performance: '7.12',
        }),
      ],
    });

    const byName = await search(uic, 'q=lukasz%20NOWAK');
    expect(byName.status).toBe(200);
    expect(byName.body.athletes).toHaveLength(1);
    const [lukasz] = byName.body.athletes;
    expect(lukasz).toMatchObject({ key: 'bib:412', name: 'Łukasz Nowák', bib: '0412' });
    // The results row has no bib: the same name and club make it the same athlete.
    expect(lukasz?.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          eventId: heat.id,
          heat: 2,
          heatCount: 3,
          lane: '5',
          order: 1,
          result: null,
          status: 'upcoming',
          // Heat 2 follows heat 1 (3½ minutes a 100 m heat, to the nearest minute).
          estimatedStart: '14:04',
        }),
        expect.objectContaining({
          eventId: jump.id,
          rank: '2',
          performance: '7.12',
          result: 'official',
        }),
      ]),
    );
    expect((await search(uic, 'q=412')).body.athletes.map((a) => a.name)).toEqual(['Łukasz Nowák']);
    expect((await search(uic, 'q=obrien')).body.athletes.map((a) => a.name)).toEqual([
      "Seán O'Brien",
    ]);
    expect((await search(uic, 'q=clonliffe')).body.athletes.map((a) => a.name)).toEqual([
      "Seán O'Brien",
    ]);
    expect((await search(uic, 'q=nobody')).body).toEqual({ athletes: [], total: 0 });
    const keyed = await search(uic, 'key=bib%3A77&key=bib%3A9');
    expect(keyed.body.athletes.map((a) => a.name).sort()).toEqual(['Other Jumper', "Seán O'Brien"]);
    const byClub = await search(uic, `club=${encodeURIComponent('slask wroclaw')}`);
    expect(byClub.body.athletes.map((a) => a.name)).toEqual(['Łukasz Nowák']);
  });

  it('answers 404 for a competition the public cannot see, and sees new entries at once', async () => {
    expect((await search(999_999, 'q=a')).status).toBe(404);
    expect((await search(Number('1e3'), 'q=a')).status).toBe(404);
    const uic = await meet();
    const heat = await createEvent(t.runtime.db, uic, { startListFile: [] });
    expect((await search(uic, 'q=ciara')).body.total).toBe(0);
    await updateEvent(t.runtime, heat.id, {
      startListFile: [athlete({ id: 'c', name: 'Ciara Mageean', bib: '5' })],
    });
    await expect.poll(async () => (await search(uic, 'q=ciara')).body.total).toBe(1);
  });

  it('answers a one-letter search with the first 50 by name and how many match', async () => {
    const uic = await meet();
    const names = Array.from({ length: 60 }, (_, i) => `Runner ${String(i).padStart(2, '0')}`);
    await createEvent(t.runtime.db, uic, {
      startListFile: names.map((name, i) => athlete({ name, bib: String(i + 1) })),
    });
    const found = await search(uic, 'q=r');
    expect(found.body.total).toBe(60);
    expect(found.body.athletes.map((a) => a.name)).toEqual(names.slice(0, 50));
  });

  it("limits an address's searches, never its followed athletes", async () => {
    const uic = await meet();
    await createEvent(t.runtime.db, uic, {
      startListFile: [athlete({ name: 'Sophie Becker', bib: '3' })],
    });
    const searches = t.runtime.limits.athleteSearchByIp;
    // This address has spent its minute's searches (1,200).
    while ((await searches.consume('127.0.0.1')) === 0);
    try {
      const res = await fetch(`${t.url}/api/competitions/${uic}/athletes?q=sophie`);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({
        code: 'too_many_requests',
        error: expect.stringMatching(/Too many athlete searches/),
      });
      // My athletes asks again at every change, from every phone of a stadium's Wi-Fi.
      expect((await search(uic, 'key=bib%3A3')).body.athletes.map((a) => a.name)).toEqual([
        'Sophie Becker',
      ]);
    } finally {
      await searches.reset('127.0.0.1');
    }
  });
});

describe('push alerts', () => {
  beforeAll(async () => {
    processors = await registerProcessors(t.runtime);
  });

  it('gives its public key, refuses an endpoint that is no push service, and checks the body', async () => {
    const key = await api<{ publicKey: string }>('/api/push/public-key');
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // Generated once and kept: the same on every read.
    expect((await api<{ publicKey: string }>('/api/push/public-key')).body).toEqual(key.body);
    const subscription = { ...push.subscribe(), endpoint: 'https://evil.example/push/1' };
    const refused = await follow(subscription, { athletes: [], clubs: [] });
    expect(refused).toMatchObject({ status: 400, body: { code: 'push_endpoint_refused' } });
    const bad = await api('/api/push/subscription', { method: 'PUT', body: '{"subscription":{}}' });
    expect(bad.status).toBe(400);
  });

  it('alerts a follower when the start list is out, before the start, and with each result, once each', async () => {
    const uic = await meet();
    const entry = athlete({
      id: 'a',
      name: 'Rhasidat Adeleke',
      bib: '21',
      club: 'Tallaght AC',
      lane: '4',
    });
    const heat = await createEvent(t.runtime.db, uic, {
      eventName: 'Women 400 Meter Dash',
      // No time: only the 200 m below comes due for "starting soon".
      time: null,
    });
    const soon = await createEvent(t.runtime.db, uic, {
      eventName: 'Women 200 Meter Dash',
      time: null,
    });
    const device = push.subscribe();
    const other = push.subscribe();
    const athleteFollow = {
      competitionUic: uic,
      key: 'bib:21',
      name: entry.name,
      club: entry.club,
      bib: '21',
    };
    expect((await follow(device, { athletes: [athleteFollow], clubs: [] })).status).toBe(200);
    expect(
      (await follow(other, { athletes: [], clubs: [{ competitionUic: uic, club: 'tallaght ac' }] }))
        .status,
    ).toBe(200);

    await updateEvent(t.runtime, heat.id, { startListFile: [entry] });
    const [startList] = await waitForAlert(device, 'startList', heat.id);
    expect(startList?.payload).toMatchObject({
      title: 'Start list out: Women 400 Meter Dash',
      tag: `${heat.id}:startList`,
    });
    expect((startList?.payload as PushAlert).body).toContain('Rhasidat Adeleke (lane 4)');
    expect(startList?.vapidSubject).toBe('mailto:alerts@rith.test');
    // The club's follower hears of its athlete too.
    await waitForAlert(other, 'startList', heat.id);

    await updateEvent(t.runtime, heat.id, {
      live: {
        rows: [{ ...entry, rank: '1', performance: '50.01' }],
        wind: null,
        updatedAt: new Date().toISOString(),
      },
    });
    const [unofficial] = await waitForAlert(device, 'unofficial', heat.id);
    expect((unofficial?.payload as PushAlert).body).toBe(
      '1. Rhasidat Adeleke 50.01 · provisional, may change',
    );

    await updateEvent(t.runtime, heat.id, {
      results: [{ ...entry, rank: '1', performance: '49.95' }],
      status: 'official',
    });
    const [official] = await waitForAlert(device, 'official', heat.id);
    expect(official?.payload).toMatchObject({
      title: 'Official result: Women 400 Meter Dash',
      body: '1. Rhasidat Adeleke 49.95',
    });

    // About 15 minutes before: the 200 m is moved to start in 10 minutes, with her in it.
    await updateEvent(t.runtime, soon.id, { time: inMinutes(10), startListFile: [entry] });
    const [starting] = await waitForAlert(device, 'startingSoon', soon.id);
    expect(starting?.urgency).toBe('high');
    expect((starting?.payload as PushAlert).body).toMatch(/≈ \d\d:\d\d/);

    // A restarted worker looks at everything again (its first tick) and sends nothing twice.
    await processors.close();
    processors = await registerProcessors(t.runtime);
    const later = await createEvent(t.runtime.db, uic, {
      eventName: 'Women 4x400 Meter Relay',
      time: null,
    });
    await updateEvent(t.runtime, later.id, { startListFile: [entry] });
    await waitForAlert(device, 'startList', later.id);
    await expect
      .poll(async () => (await t.runtime.queue.depth()).pushAlerts)
      .toMatchObject({ waiting: 0, active: 0, delayed: 0 });
    for (const kind of ['startList', 'unofficial', 'official', 'startingSoon'] as const) {
      const about = (eventId: string) =>
        alertsTo(device, kind).filter((p) => (p.payload as PushAlert).url === `/event/${eventId}`);
      expect(about(heat.id).length + about(soon.id).length, kind).toBe(
        kind === 'startingSoon' ? 1 : kind === 'startList' ? 2 : 1,
      );
    }
  });

  it('sends nothing of what was already known when following, and stops for an expired or unsubscribed device', async () => {
    const uic = await meet();
    const entry = athlete({ id: 'b', name: 'Ciara Mageean', bib: '8', club: 'UCD AC' });
    const done = await createEvent(t.runtime.db, uic, {
      time: '09:00',
      status: 'official',
      startListFile: [entry],
      results: [{ ...entry, rank: '1', performance: '4:01.2' }],
    });
    const next = await createEvent(t.runtime.db, uic, { time: null });
    const follows = {
      athletes: [
        { competitionUic: uic, key: 'bib:8', name: entry.name, club: entry.club, bib: '8' },
      ],
      clubs: [],
    };
    const kept = push.subscribe();
    const expired = push.subscribe();
    const stopped = push.subscribe();
    for (const s of [kept, expired, stopped]) expect((await follow(s, follows)).status).toBe(200);
    push.expire(expired.endpoint);
    const unsubscribe = await api('/api/push/subscription', {
      method: 'DELETE',
      body: JSON.stringify({ endpoint: stopped.endpoint }),
    });
    expect(unsubscribe.status).toBe(200);

    await updateEvent(t.runtime, next.id, { startListFile: [entry] });
    await waitForAlert(kept, 'startList', next.id);
    await expect
      .poll(() =>
        t.runtime.db
          .selectFrom('pushSubscriptions')
          .select('id')
          .where('endpoint', '=', expired.endpoint)
          .execute(),
      )
      .toEqual([]);
    expect(alertsTo(kept).map((p) => (p.payload as PushAlert).url)).toEqual([`/event/${next.id}`]);
    expect(alertsTo(kept).some((p) => (p.payload as PushAlert).url === `/event/${done.id}`)).toBe(
      false,
    );
    expect(alertsTo(stopped)).toEqual([]);
    expect(alertsTo(expired)).toEqual([]);
  });

  it("refuses a follow list naming one athlete twice, or keys that cannot be a device's", async () => {
    const uic = await meet();
    const twice = { competitionUic: uic, key: 'bib:1', name: 'A', club: null, bib: '1' };
    const doubled = await follow(push.subscribe(), { athletes: [twice, twice], clubs: [] });
    expect(doubled.status).toBe(400);
    const clubs = [
      { competitionUic: uic, club: 'Tuam AC' },
      { competitionUic: uic, club: 'tuam  ac' },
    ];
    expect((await follow(push.subscribe(), { athletes: [], clubs })).status).toBe(400);
    const broken = { ...push.subscribe(), keys: { p256dh: 'A'.repeat(87), auth: 'x'.repeat(22) } };
    expect((await follow(broken, { athletes: [], clubs: [] })).status).toBe(400);
  });

  it('sends an alert a crash left claimed but unsent once, and two jobs at once send it once', async () => {
    const uic = await meet();
    const entry = athlete({ id: 'c', name: 'Nadia Power', bib: '66', club: 'Dundrum' });
    const heat = await createEvent(t.runtime.db, uic, { time: null });
    const crashed = push.subscribe();
    const racing = push.subscribe();
    const follows = {
      athletes: [
        { competitionUic: uic, key: 'bib:66', name: entry.name, club: entry.club, bib: '66' },
      ],
      clubs: [],
    };
    for (const s of [crashed, racing]) expect((await follow(s, follows)).status).toBe(200);
    // The workers stop, so the change is looked at only by the jobs run here.
    await processors.close();
    try {
      await updateEvent(t.runtime, heat.id, { startListFile: [entry] });
      const { id } = await t.runtime.db
        .selectFrom('pushSubscriptions')
        .select('id')
        .where('endpoint', '=', crashed.endpoint)
        .executeTakeFirstOrThrow();
      // A claim made three minutes ago and never marked sent: the process died in between.
      await t.runtime.db
        .insertInto('pushAlerts')
        .values({
          subscriptionId: id,
          alertKey: `${heat.id}:startList:bib:66`,
          claimedAt: new Date(Date.now() - 180_000).toISOString(),
        })
        .execute();
      const job = pushAlertsJob({
        db: t.runtime.db,
        config: t.runtime.config.push,
        log: quietLogger,
      });
      await Promise.all([
        job({ competitionUic: uic }),
        job({ competitionUic: uic }),
        job({ competitionUic: uic }),
      ]);
      await waitForAlert(crashed, 'startList', heat.id);
      await waitForAlert(racing, 'startList', heat.id);
      await job({ competitionUic: uic });
      expect(alertsTo(crashed)).toHaveLength(1);
      expect(alertsTo(racing)).toHaveLength(1);
    } finally {
      processors = await registerProcessors(t.runtime);
    }
  });
});
