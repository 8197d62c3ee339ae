import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn, type AdminClient } from '../support/admin.ts';
import { athlete, createCompetition, createEvent } from '../support/factory.ts';
import { createToken, TokenClient } from '../support/tokens.ts';
import { Spectator } from '../support/spectator.ts';
import type { LiveMessage, LivePayload } from '../../shared/live/messages.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import type {
  FieldCard,
  FieldEventSummary,
  FieldIdentity,
  FieldTrial,
} from '../../shared/schemas/field.ts';
import type { CompetitionToken } from '../../shared/schemas/timingRoom.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type { EventHistory } from '../../shared/schemas/eventHistory.ts';
import type { UploadAccepted } from '../../shared/schemas/upload.ts';
import { parseLff } from '../../server/parsers/lynx/index.ts';
import { fixture, sendUpload, settled } from '../support/uploads.ts';

// The officials' field card's API (issue 29): field tokens and what they open, trials
// entered once however often they are sent, the rules' refusals, two cards on one event,
// corrections, and the results as spectators get them.

let t: TestApp;
let admin: AdminClient;
let clubUic: number;
beforeAll(async () => {
  t = await startTestApp();
  const { club, admin: user } = await clubWithAdmin(t.runtime.db);
  clubUic = club.uic;
  admin = await loggedIn(t.url, user.email);
});
afterAll(async () => {
  await t?.close();
});

/** Ten putters in two flights: bibs 101-110, flight 1 the odd ones. */
const shotPutStartList = Array.from({ length: 10 }, (_, i) =>
  athlete({
    bib: String(101 + i),
    name: `Putter ${i + 1}`,
    club: 'AC Test',
    lane: String(Math.floor(i / 2) + 1),
    flight: (i % 2) + 1,
  }),
);

async function meet() {
  const competition = await createCompetition(t.runtime.db, clubUic, { liveNow: true });
  const shotPut = await createEvent(t.runtime.db, competition.uic, {
    eventName: 'Men Shot Put',
    eventType: 'JUMP',
    trackDiscipline: null,
    fieldDiscipline: 'SHOT_PUT',
    startListFile: shotPutStartList,
  });
  const highJump = await createEvent(t.runtime.db, competition.uic, {
    eventName: 'Women High Jump',
    eventType: 'JUMP',
    trackDiscipline: null,
    fieldDiscipline: 'HIGH_JUMP',
    startListFile: ['201', '202', '203'].map((bib, i) =>
      athlete({ bib, name: `Jumper ${i + 1}`, lane: String(i + 1) }),
    ),
  });
  const sprint = await createEvent(t.runtime.db, competition.uic, { eventName: '100m' });
  const field = await createToken(admin, competition.uic, 'Shot put judge', 'field');
  const agent = await createToken(admin, competition.uic, 'Finish PC');
  return {
    uic: competition.uic,
    shotPut: shotPut.id,
    highJump: highJump.id,
    sprint: sprint.id,
    judge: new TokenClient(t.url, field.token),
    fieldTokenId: field.id,
    agent: new TokenClient(t.url, agent.token),
  };
}

const put = (judge: TokenClient, eventId: string, body: Record<string, unknown>) =>
  judge.json<FieldTrial & { code?: string; existing?: FieldTrial; error?: string }>(
    `/api/field/events/${eventId}/attempts`,
    { method: 'POST', json: { id: randomUUID(), ...body } },
  );

const card = async (judge: TokenClient, eventId: string) =>
  (await judge.json<FieldCard>(`/api/field/events/${eventId}`)).body;

describe('field tokens', () => {
  it('open the card of their own competition only, and nothing else a token opens', async () => {
    const m = await meet();
    const other = await meet();
    const tokens = await admin.json<CompetitionToken[]>(`/api/admin/competitions/${m.uic}/tokens`);
    expect(tokens.body.map((tk) => [tk.name, tk.role]).sort()).toEqual([
      ['Finish PC', 'agent'],
      ['Shot put judge', 'field'],
    ]);

    const list = await m.judge.json<FieldEventSummary[]>('/api/field/events');
    expect(list.status).toBe(200);
    expect(list.body.map((e) => [e.eventName, e.kind])).toEqual([
      ['Men Shot Put', 'horizontal'],
      ['Women High Jump', 'vertical'],
    ]);
    // Another competition's event is not there for this token.
    expect((await m.judge.fetch(`/api/field/events/${other.shotPut}`)).status).toBe(404);
    // Not a field event.
    expect((await m.judge.json(`/api/field/events/${m.sprint}`)).body).toMatchObject({
      code: 'not_a_field_event',
    });

    // A field token on the admin console, an upload, the agent: refused.
    for (const [method, path] of [
      ['GET', `/api/admin/competitions/${m.uic}/events`],
      ['POST', `/api/admin/competitions/${m.uic}/upload-lynx`],
      ['GET', '/api/agent'],
    ] as const) {
      const res = await m.judge.fetch(path, { method });
      expect([401, 403]).toContain(res.status);
      if (path !== `/api/admin/competitions/${m.uic}/events`) {
        expect(((await res.json()) as { code: string }).code).toBe('wrong_token');
      }
    }
    // A timing room token never opens the card.
    const byAgent = await m.agent.json<{ code: string }>('/api/field/events');
    expect(byAgent).toMatchObject({ status: 403, body: { code: 'wrong_token' } });

    // Revoked: the phone is stopped at its next request.
    expect(
      (await admin.fetch(`/api/admin/tokens/${m.fieldTokenId}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await m.judge.fetch('/api/field/events')).status).toBe(401);
  });

  it('are exchanged once for a device cookie that the card then uses', async () => {
    const m = await meet();
    const res = await fetch(`${t.url}/api/field/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ token: m.judge.token }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as FieldIdentity).competitionUic).toBe(m.uic);
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/field/);
    const jar = cookie.split(';')[0]!;
    const me = await fetch(`${t.url}/api/field/events`, { headers: { cookie: jar } });
    expect(me.status).toBe(200);
    // Another site's page cannot enter a trial with the phone's cookie.
    const forged = await fetch(`${t.url}/api/field/events/${m.shotPut}/attempts`, {
      method: 'POST',
      headers: { cookie: jar, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ id: randomUUID(), bib: '101', round: 1, mark: '12.00' }),
    });
    expect(forged.status).toBe(403);
    // An agent token is not exchanged.
    const wrong = await fetch(`${t.url}/api/field/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ token: m.agent.token }),
    });
    expect(wrong.status).toBe(403);
  });
});

describe('a horizontal event on the card', () => {
  it('takes each trial once, refuses what the rules do not allow, and publishes the standings', async () => {
    const m = await meet();
    const spectator = await Spectator.connect(t.url);
    await spectator.subscribe({ eventId: m.shotPut });

    const first = { id: randomUUID(), bib: '101', round: 1, mark: '14.02' };
    const sent = await m.judge.json<FieldTrial>(`/api/field/events/${m.shotPut}/attempts`, {
      method: 'POST',
      json: first,
    });
    expect(sent.status).toBe(201);
    // The same id again: the same answer, nothing changes.
    const again = await m.judge.json<FieldTrial>(`/api/field/events/${m.shotPut}/attempts`, {
      method: 'POST',
      json: first,
    });
    expect(again).toEqual(sent);
    expect((await card(m.judge, m.shotPut)).trials).toHaveLength(1);
    // The same id for another trial: refused.
    expect((await put(m.judge, m.shotPut, { ...first, mark: '14.50' })).body.code).toBe(
      'attempt_id_reused',
    );
    // Another card entering the same trial: refused with the first shown.
    const clash = await put(m.judge, m.shotPut, { bib: '101', round: 1, mark: '13.00' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      code: 'trial_taken',
      existing: { id: first.id, mark: '14.02' },
    });

    // Spectators get it: the unofficial standings with the trial.
    const changed = await spectator.next(
      (msg: LiveMessage): msg is { name: 'event.changed'; payload: LivePayload<'event.changed'> } =>
        msg.name === 'event.changed' && msg.payload.event.id === m.shotPut,
    );
    expect(changed.payload.event.status).toBe('unofficial');
    expect(changed.payload.event.live?.rows[0]).toMatchObject({ bib: '101', attempts: ['14.02'] });
    expect(changed.payload.event.live?.field?.up).toMatchObject({ bib: '103', trial: 1 });

    const refusals: [Record<string, unknown>, string][] = [
      [{ bib: '999', round: 1, mark: '10.00' }, 'athlete_not_in_event'],
      [{ bib: '103', round: 1, mark: '10,0,0' }, 'invalid_mark'],
      [{ bib: '103', round: 7, mark: '10.00' }, 'round_out_of_range'],
      [{ bib: '103', round: 1, mark: '10.00', wind: '+1.0' }, 'wind_not_applicable'],
    ];
    for (const [body, code] of refusals) {
      const res = await put(m.judge, m.shotPut, body);
      expect([res.status, res.body.code]).toEqual([400, code]);
      expect(res.body.error).toBeTruthy();
    }

    // Trials 1-3 for everyone: bib 110 fouls out, 109 is 9th of 10.
    const bests = [
      '14.02',
      '13.50',
      '13.40',
      '13.30',
      '13.20',
      '13.10',
      '13.00',
      '12.90',
      '12.00',
      'x',
    ];
    for (const [i, best] of bests.entries()) {
      const bib = String(101 + i);
      for (const round of [1, 2, 3]) {
        if (bib === '101' && round === 1) continue;
        const res = await put(m.judge, m.shotPut, { bib, round, mark: round === 1 ? best : 'x' });
        expect(res.status).toBe(201);
      }
    }
    expect((await put(m.judge, m.shotPut, { bib: '109', round: 4, mark: '15.00' })).body.code).toBe(
      'not_in_final',
    );
    expect((await put(m.judge, m.shotPut, { bib: '110', round: 4, mark: '15.00' })).body.code).toBe(
      'not_in_final',
    );
    const atCut = await card(m.judge, m.shotPut);
    // Trial 4 goes in reverse order: the 8th first.
    expect(atCut.up).toMatchObject({ bib: '108', trial: 4 });
    expect(atCut.onDeck).toMatchObject({ bib: '107', trial: 4 });

    // A correction and a removal.
    const wrong = await put(m.judge, m.shotPut, { bib: '108', round: 4, mark: '19.00' });
    const corrected = await m.judge.json<FieldTrial>(
      `/api/field/events/${m.shotPut}/attempts/${wrong.body.id}`,
      { method: 'PUT', json: { mark: '14.10' } },
    );
    expect(corrected.body).toMatchObject({ mark: '14.10', correctedAt: expect.any(String) });
    const removed = await put(m.judge, m.shotPut, { bib: '107', round: 4, mark: '9.00' });
    expect(
      (
        await m.judge.fetch(`/api/field/events/${m.shotPut}/attempts/${removed.body.id}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(204);
    const after = await card(m.judge, m.shotPut);
    expect(after.standings[0]).toMatchObject({ bib: '108', rank: '1', best: '14.10' });
    expect(after.up).toMatchObject({ bib: '107', trial: 4 });

    // The judge ends it: unofficial results, then the admin makes them official.
    const done = await m.judge.json<FieldCard>(`/api/field/events/${m.shotPut}/complete`, {
      method: 'POST',
    });
    expect(done.body.completedAt).not.toBeNull();
    expect((await put(m.judge, m.shotPut, { bib: '107', round: 4, mark: '9.00' })).body.code).toBe(
      'card_closed',
    );
    const events = await admin.json<AdminEvent[]>(`/api/admin/competitions/${m.uic}/events`);
    const event = events.body.find((e) => e.id === m.shotPut)!;
    const official = await admin.fetch(`/api/admin/events/${m.shotPut}`, {
      method: 'PUT',
      json: {
        eventName: event.eventName,
        eventType: event.eventType,
        fieldDiscipline: event.fieldDiscipline,
        round: 'finals',
        time: event.time,
        status: 'official',
        resultsFileType: event.resultsFileType,
        startListType: event.startListType,
      },
    });
    expect(official.status).toBe(200);
    const page = (await (await fetch(`${t.url}/api/events/${m.shotPut}`)).json()) as PublicEvent;
    expect(page.status).toBe('official');
    expect(page.results.slice(0, 2).map((r) => [r.bib, r.rank, r.best])).toEqual([
      ['108', '1', '14.10'],
      ['101', '2', '14.02'],
    ]);
    spectator.close();
  });
});

describe('a vertical event on the card', () => {
  it('follows the bar, three failures in a row, and two cards entering one trial', async () => {
    const m = await meet();
    const jump = (bib: string, height: string, mark: string, trial?: number) =>
      put(m.judge, m.highJump, { bib, height, mark, ...(trial && { trial }) });
    expect((await jump('201', '1.50', 'o', 1)).status).toBe(201);
    expect((await jump('202', '1.50', 'x', 1)).status).toBe(201);
    // A second card enters 202's first trial too: refused with the first one shown.
    const clash = await jump('202', '1.50', 'o', 1);
    expect(clash.body).toMatchObject({ code: 'trial_taken', existing: { mark: 'x', trial: 1 } });
    expect((await jump('203', '1.50', 'x')).status).toBe(201);
    expect((await card(m.judge, m.highJump)).up).toMatchObject({
      bib: '202',
      trial: 2,
      height: '1.50',
    });
    expect((await jump('202', '1.50', 'x')).status).toBe(201);
    expect((await jump('202', '1.50', 'x')).status).toBe(201);
    expect((await jump('202', '1.53', 'o')).body.code).toBe('athlete_out');
    expect((await jump('201', '1.51', 'o')).body.code).toBe('rise_too_small');
    expect((await jump('203', '1.50', 'o')).status).toBe(201);
    expect((await jump('201', '1.55', 'o')).status).toBe(201);
    expect((await jump('203', '1.50', 'o')).body.code).toBe('below_bar');
    const now = await card(m.judge, m.highJump);
    expect(now.bar).toBe('1.55');
    expect(now.standings.map((r) => [r.bib, r.rank, r.attempts])).toEqual([
      ['201', '1', ['O', 'O']],
      ['203', '2', ['XO', null]],
      ['202', null, ['XXX', null]],
    ]);

    // A trial taken back: the next one is not mistaken for a clash, nor numbered twice.
    const fail = await jump('203', '1.55', 'x', 1);
    await jump('203', '1.55', 'x', 2);
    expect(
      (
        await m.judge.fetch(`/api/field/events/${m.highJump}/attempts/${fail.body.id}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(204);
    expect((await jump('203', '1.55', 'x', 2)).status).toBe(201);
    expect((await jump('203', '1.55', 'o')).status).toBe(201);
    const standings = (await card(m.judge, m.highJump)).standings;
    expect(standings.find((r) => r.bib === '203')).toMatchObject({
      best: '1.55',
      attempts: ['XO', 'XXO'],
    });
  });
});

describe('the card and FieldLynx', () => {
  it('keeps corrections in the history, and takes FieldLynx’s file as the official result on the same event', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic, { liveNow: true });
    // The start list as FieldLynx has it: the two flights of event 38.
    const flights = [1, 2].map((flight) => {
      const parsed = parseLff(fixture('finishlynx', `038-1-0${flight}.lff`), 'start.lff');
      if (!parsed.ok) throw new Error('fixture unreadable');
      return parsed.value.rows
        .filter((row) => row.rank !== 'DNS')
        .map((row) =>
          athlete({ bib: row.bib, name: row.name, club: row.club, lane: row.lane, flight }),
        );
    });
    const shotPut = await createEvent(t.runtime.db, competition.uic, {
      eventName: 'Men Shot Put',
      eventType: 'JUMP',
      trackDiscipline: null,
      fieldDiscipline: 'SHOT_PUT',
      startListFile: flights.flat(),
    });
    const { token } = await createToken(admin, competition.uic, 'Judge', 'field');
    const judge = new TokenClient(t.url, token);
    // Wade Shomper (240) throws 16.68 then, as the judge heard it, 17.00; Bradley Pollard
    // (56) 14.02 entered first as 14.20 and corrected.
    const shomper1 = await put(judge, shotPut.id, { bib: '240', round: 1, mark: '16.68' });
    expect(shomper1.status).toBe(201);
    await put(judge, shotPut.id, { bib: '240', round: 2, mark: '17.00' });
    const pollard = await put(judge, shotPut.id, { bib: '56', round: 1, mark: '14.20' });
    await judge.fetch(`/api/field/events/${shotPut.id}/attempts/${pollard.body.id}`, {
      method: 'PUT',
      json: { mark: '14.02' },
    });
    const history = async () =>
      (await (await fetch(`${t.url}/api/events/${shotPut.id}/history`)).json()) as EventHistory;
    const corrected = (await history()).versions.filter((v) => v.correction);
    expect(corrected).toHaveLength(1);
    expect(corrected[0]!.changes).toContainEqual(
      expect.objectContaining({
        type: 'athlete',
        fields: ['mark', 'trials'],
        summary: 'Bradley Pollard: trial 1 14.20 → 14.02',
      }),
    );
    expect(
      (await judge.json<FieldCard>(`/api/field/events/${shotPut.id}/complete`, { method: 'POST' }))
        .status,
    ).toBe(200);

    // FieldLynx's two flights, through the timing room's upload.
    for (const name of ['038-1-01.lff', '038-1-02.lff']) {
      const res = await sendUpload(
        admin,
        `/api/admin/competitions/${competition.uic}/upload-lynx`,
        [{ name, bytes: fixture('finishlynx', name) }],
        { field: 'files' },
      );
      const { uploadId } = (await res.json()) as UploadAccepted;
      expect((await settled(admin, uploadId)).status).toBe('published');
    }
    const events = await admin.json<AdminEvent[]>(
      `/api/admin/competitions/${competition.uic}/events`,
    );
    expect(events.body.map((e) => e.eventName)).toEqual(['Men Shot Put']);
    const page = (await (await fetch(`${t.url}/api/events/${shotPut.id}`)).json()) as PublicEvent;
    expect(page.status).toBe('official');
    // Every athlete of both flights once, the one who did not start (DNS) too.
    expect(page.results).toHaveLength(22);
    expect(new Set(page.results.map((r) => r.bib)).size).toBe(22);
    expect(page.results[0]).toMatchObject({ bib: '240', rank: '1', best: '17.06' });
    // What the file changed of the card is in the history, as a correction.
    const latest = (await history()).versions.find((v) => v.correction && v.source === 'results');
    expect(latest?.changes).toContainEqual(
      expect.objectContaining({
        type: 'athlete',
        name: 'Wade Shomper',
        summary: expect.stringContaining('trial 2 17.00 → 17.06'),
      }),
    );
    // The card is closed: the file's results are the event's.
    expect((await put(judge, shotPut.id, { bib: '240', round: 3, mark: '16.73' })).body.code).toBe(
      'card_closed',
    );
  });
});
