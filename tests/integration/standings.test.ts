import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, eventBody, loggedIn, type AdminClient } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type {
  CombinedEventStandings,
  CombinedEventSummary,
} from '../../shared/schemas/combined.ts';
import type { TeamScores } from '../../shared/schemas/teamScores.ts';

// Combined-events standings and team tables through the HTTP API, checked against published
// world-class scores: Kevin Mayer's decathlon world record (Talence 2018, 9126) and Jackie
// Joyner-Kersee's heptathlon (Seoul 1988, 7291).

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

type Part = [name: string, type: 'ATHLETICS' | 'JUMP', discipline: string];

const result = (rank: string, bib: string, name: string, club: string, performance: string) => ({
  id: `r${bib}`,
  rank,
  bib,
  name,
  eventName: null,
  club,
  category: null,
  performance,
  points: null,
  lane: null,
  pdfUrl: null,
});

async function createEvent(uic: number, [name, type, discipline]: Part, extra = {}) {
  const res = await client.json<AdminEvent>(`/api/admin/competitions/${uic}/events`, {
    method: 'POST',
    json: eventBody({
      eventName: name,
      eventType: type,
      trackDiscipline: type === 'ATHLETICS' ? discipline : null,
      fieldDiscipline: type === 'JUMP' ? discipline : null,
      round: 'finals',
      ...extra,
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function setResults(event: AdminEvent, rows: ReturnType<typeof result>[]) {
  const res = await client.json<AdminEvent>(`/api/admin/events/${event.id}`, {
    method: 'PUT',
    json: eventBody({
      eventName: event.eventName,
      eventType: event.eventType,
      trackDiscipline: event.trackDiscipline,
      fieldDiscipline: event.fieldDiscipline,
      round: event.round,
      status: 'official',
      resultsFileType: 'MANUAL',
      results: rows,
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const json = async <T>(path: string) => {
  const res = await fetch(`${t.url}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

const decathlon: [Part, string, number][] = [
  [['Men Decathlon 100 Meter Dash', 'ATHLETICS', 'ONE_HUNDRED_METER'], '10.55', 963],
  [['Men Decathlon Long Jump', 'JUMP', 'LONG_JUMP'], '7.80', 1010],
  [['Men Decathlon Shot Put', 'JUMP', 'SHOT_PUT'], '16.00', 851],
  [['Men Decathlon High Jump', 'JUMP', 'HIGH_JUMP'], '2.05', 850],
  [['Men Decathlon 400 Meter Dash', 'ATHLETICS', 'FOUR_HUNDRED_METER'], '48.42', 889],
  [['Men Decathlon 110 Meter Hurdles', 'ATHLETICS', 'ONE_TEN_METER'], '13.75', 1007],
  [['Men Decathlon Discus Throw', 'JUMP', 'DISCUS_THROW'], '50.54', 882],
  [['Men Decathlon Pole Vault', 'JUMP', 'POLE_VAULT'], '5.45', 1051],
  [['Men Decathlon Javelin Throw', 'JUMP', 'JAVELIN_THROW'], '71.90', 918],
  [['Men Decathlon 1500 Meter Run', 'ATHLETICS', 'FIFTEEN_HUNDRED_METER'], '4:36.11', 705],
];

describe('combined events', () => {
  it('groups a FinishLynx-named decathlon by itself and totals it live, per event', async () => {
    const { uic } = await createCompetition(t.runtime.db, clubUic);
    const scoring = await client.json(`/api/admin/competitions/${uic}/team-scoring`, {
      method: 'PUT',
      json: {},
    });
    expect(scoring.status).toBe(200);
    const events: AdminEvent[] = [];
    for (const [part] of decathlon) events.push(await createEvent(uic, part));
    const [group] = await json<CombinedEventSummary[]>(`/api/competitions/${uic}/combined-events`);
    expect(group).toMatchObject({ name: 'Men Decathlon', kind: 'DECATHLON', auto: true });
    expect(group!.events.map((e) => e.eventId)).toEqual(events.map((e) => e.id));

    // After the first event: the running total and places already.
    await setResults(events[0]!, [
      result('1', '1', 'Kevin Mayer', 'France', '10.55'),
      result('2', '2', 'Second Athlete', 'Harbour AC', '11.02'),
    ]);
    let standings = await json<CombinedEventStandings>(`/api/combined-events/${group!.id}`);
    expect(standings.standings.map((s) => [s.name, s.total, s.place])).toEqual([
      ['Kevin Mayer', 963, 1],
      ['Second Athlete', 856, 2],
    ]);
    // Its parts score no team points of their own.
    expect(await json<TeamScores>(`/api/competitions/${uic}/team-scores`)).toEqual({
      tables: [],
    });

    for (const [i, [, mark]] of decathlon.entries()) {
      if (i === 0) continue;
      await setResults(events[i]!, [result('1', '1', 'Kevin Mayer', 'France', mark)]);
    }
    standings = await json<CombinedEventStandings>(`/api/combined-events/${group!.id}`);
    const mayer = standings.standings.find((s) => s.name === 'Kevin Mayer')!;
    expect(mayer.events.map((e) => e.points)).toEqual(decathlon.map(([, , points]) => points));
    expect(mayer).toMatchObject({ total: 9126, place: 1 });
    // Absent from the nine events after the first: no final place.
    expect(standings.standings.find((s) => s.name === 'Second Athlete')).toMatchObject({
      total: 856,
      place: null,
    });
    // Complete, it scores once, by its final standings.
    expect(await json<TeamScores>(`/api/competitions/${uic}/team-scores`)).toEqual({
      tables: [{ name: 'Men', teams: [{ team: 'France', points: 10, place: 1 }] }],
    });
  });

  it('totals a heptathlon the admin grouped, and refuses an event that is no part of it', async () => {
    const { uic } = await createCompetition(t.runtime.db, clubUic);
    const parts: [Part, string][] = [
      [['Women 100m Hurdles', 'ATHLETICS', 'ONE_HUNDRED_METER'], '12.69'],
      [['Women High Jump', 'JUMP', 'HIGH_JUMP'], '1.86'],
      [['Women Shot Put', 'JUMP', 'SHOT_PUT'], '15.80'],
      [['Women 200m', 'ATHLETICS', 'TWO_HUNDRED_METER'], '22.56'],
      [['Women Long Jump', 'JUMP', 'LONG_JUMP'], '7.27'],
      [['Women Javelin Throw', 'JUMP', 'JAVELIN_THROW'], '45.66'],
      [['Women 800m', 'ATHLETICS', 'EIGHT_HUNDRED_METER'], '2:08.51'],
    ];
    const events: AdminEvent[] = [];
    for (const [part, mark] of parts) {
      const event = await createEvent(uic, part);
      await setResults(event, [result('1', '7', 'Jackie Joyner-Kersee', 'USA', mark)]);
      events.push(event);
    }
    const triple = await createEvent(uic, ['Women Triple Jump', 'JUMP', 'TRIPLE_JUMP']);
    const refused = await client.json<{ code: string; error: string }>(
      `/api/admin/competitions/${uic}/combined-events`,
      {
        method: 'POST',
        json: { name: 'Women Heptathlon', kind: 'HEPTATHLON', eventIds: [triple.id] },
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('Women Triple Jump');

    const created = await client.json<CombinedEventSummary>(
      `/api/admin/competitions/${uic}/combined-events`,
      {
        method: 'POST',
        json: { name: 'Women Heptathlon', kind: 'HEPTATHLON', eventIds: events.map((e) => e.id) },
      },
    );
    expect(created.status).toBe(200);
    const standings = await json<CombinedEventStandings>(`/api/combined-events/${created.body.id}`);
    expect(standings.standings).toEqual([
      expect.objectContaining({
        name: 'Jackie Joyner-Kersee',
        total: 7291,
        place: 1,
        events: [1172, 1054, 915, 1123, 1264, 776, 987].map((points, i) =>
          expect.objectContaining({ eventId: events[i]!.id, points }),
        ),
      }),
    ]);
  });
});

describe('team scores', () => {
  it('scores finals by the table, ties sharing points, heats not at all, a table per gender', async () => {
    const { uic } = await createCompetition(t.runtime.db, clubUic);
    const put = await client.json(`/api/admin/competitions/${uic}/team-scoring`, {
      method: 'PUT',
      json: { points: [10, 8, 6, 5, 4, 3, 2, 1] },
    });
    expect(put.status).toBe(200);
    const men = await createEvent(uic, ['Men 100 Meter Dash', 'ATHLETICS', 'ONE_HUNDRED_METER']);
    const heat = await createEvent(uic, ['Men 100 Meter Dash', 'ATHLETICS', 'ONE_HUNDRED_METER'], {
      round: 'heats',
    });
    const women = await createEvent(uic, ['Women Long Jump', 'JUMP', 'LONG_JUMP']);
    await setResults(men, [
      result('1', '1', 'A One', 'Harbour AC', '10.50'),
      result('2', '2', 'B Two', 'Bay AC', '10.61'),
      result('2', '3', 'C Three', 'Hill AC', '10.61'),
      result('4', '4', 'D Four', 'Harbour AC', '10.70'),
    ]);
    await setResults(heat, [result('1', '9', 'H Heat', 'Bay AC', '10.40')]);
    await setResults(women, [
      result('1', '5', 'E Five', 'Bay AC', '6.50'),
      result('2', '6', 'F Six', 'Harbour AC', '6.40'),
    ]);
    const scores = await json<TeamScores>(`/api/competitions/${uic}/team-scores`);
    expect(scores).toEqual({
      tables: [
        {
          name: 'Men',
          teams: [
            { team: 'Harbour AC', points: 15, place: 1 },
            { team: 'Bay AC', points: 7, place: 2 },
            { team: 'Hill AC', points: 7, place: 2 },
          ],
        },
        {
          name: 'Women',
          teams: [
            { team: 'Bay AC', points: 10, place: 1 },
            { team: 'Harbour AC', points: 8, place: 2 },
          ],
        },
      ],
    });
  });
});
