import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { KyselyPlugin, QueryId } from 'kysely';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  AdminClient,
  clubWithAdmin,
  competitionBody,
  eventBody,
  loggedIn,
  samples,
} from '../support/admin.ts';
import { athlete, createCompetition, createEvent } from '../support/factory.ts';
import type { Db } from '../../server/db/connect.ts';
import { updateAdminEvent } from '../../server/events/admin.ts';
import { Spectator } from '../support/spectator.ts';
import {
  EventInput,
  type AdminCompetition,
  type AdminEvent,
  type AdminClubs,
  type Feature,
} from '../../shared/schemas/admin.ts';
import { COMPETITION_LIMIT_MESSAGE, featureBlockedMessage } from '../../shared/planGating.ts';
import { RECREATIONAL_PLAN } from '../../server/pricing/plans.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function admin(plan?: typeof RECREATIONAL_PLAN) {
  const { club, admin } = await clubWithAdmin(t.runtime.db, plan);
  return { club, client: await loggedIn(t.url, admin.email) };
}

/** The database, counting the selects it answers (a subquery is part of its query). */
function countingSelects(db: Db) {
  const selects = new Set<QueryId>();
  let answered = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === 'SelectQueryNode') selects.add(queryId);
      return node;
    },
    transformResult({ result, queryId }) {
      if (selects.has(queryId)) answered += 1;
      return Promise.resolve(result);
    },
  };
  return { db: db.withPlugin(plugin), selects: () => answered };
}

describe('admin API', () => {
  it('refuses every admin call without a session', async () => {
    const anonymous = new AdminClient(t.url);
    for (const path of ['/api/admin/clubs', '/api/admin/competitions']) {
      expect(await anonymous.json(path)).toMatchObject({
        status: 401,
        body: { error: 'Please log in.', code: 'unauthorized' },
      });
    }
  });

  it('lists the clubs with their package, and the package features by alias', async () => {
    const { club, client } = await admin(RECREATIONAL_PLAN);
    const { body } = await client.json<AdminClubs>('/api/admin/clubs');
    expect(body.clubs).toEqual([
      expect.objectContaining({
        uic: club.uic,
        clubName: club.clubName,
        packageName: 'Recreational',
      }),
    ]);
    expect(body).toMatchObject({ packageName: 'Recreational', packagePrice: 'Free' });
    expect(body.packageFeatures['Limited to 3 competitions']).toBe(true);
    const features = await client.json<Feature[]>(
      `/api/admin/features?packageId=${body.packageId}`,
    );
    expect(features.body).toContainEqual({
      name: 'Limited to 3 competitions',
      alias: 'limited_to_3_competitions',
      included: true,
    });
    expect(features.body).toContainEqual({
      name: 'Timetable',
      alias: 'timetable',
      included: false,
    });
  });

  it('creates and edits a competition, and spectators see it go live', async () => {
    const { club, client } = await admin();
    const created = await client.json<AdminCompetition>('/api/admin/competitions', {
      method: 'POST',
      json: competitionBody(club.uic, { description: '  ', mapLink: '' }),
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ clubUic: club.uic, liveNow: false, description: null });
    const uic = created.body.uic;

    const spectator = await Spectator.connect(t.url);
    await spectator.subscribe({ competitionUic: uic });
    const edited = await client.json<AdminCompetition>(`/api/admin/competitions/${uic}`, {
      method: 'PUT',
      json: { ...competitionBody(club.uic), urlName: created.body.urlName, liveNow: true },
    });
    expect(edited.body).toMatchObject({ uic, liveNow: true, version: created.body.version + 1 });
    const pushed = await spectator.next((m) => m.name === 'competition.changed');
    expect(pushed.payload).toMatchObject({ competition: { uic, liveNow: true } });
    spectator.socket.close();

    const list = await client.json<AdminCompetition[]>('/api/admin/competitions');
    expect(list.body.map((c) => c.uic)).toEqual([uic]);
  });

  it('switches Live Now and Visible on their own, even on a competition the form would not accept as it is', async () => {
    const { club, client } = await admin();
    const competition = await createCompetition(t.runtime.db, club.uic, {
      urlName: null,
      location: null,
    });
    const live = await client.json<AdminCompetition>(`/api/admin/competitions/${competition.uic}`, {
      method: 'PATCH',
      json: { liveNow: true },
    });
    expect(live.body).toMatchObject({ liveNow: true, visible: true, urlName: null });
    const hidden = await client.json<AdminCompetition>(
      `/api/admin/competitions/${competition.uic}`,
      {
        method: 'PATCH',
        json: { visible: false },
      },
    );
    expect(hidden.body).toMatchObject({ liveNow: true, visible: false });
    const nothing = await client.json(`/api/admin/competitions/${competition.uic}`, {
      method: 'PATCH',
      json: {},
    });
    expect(nothing).toMatchObject({
      status: 400,
      body: { error: 'Nothing to change', code: 'invalid_request' },
    });
  });

  it('validates the competition form with a message per field', async () => {
    const { club, client } = await admin();
    const res = await client.json('/api/admin/competitions', {
      method: 'POST',
      json: competitionBody(club.uic, { urlName: 'Spring Open!' }),
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: 'urlName: Only lowercase letters, numbers, and hyphens are allowed',
        code: 'invalid_request',
      },
    });
    const missing = await client.json('/api/admin/competitions', {
      method: 'POST',
      json: competitionBody(club.uic, { competitionName: ' ' }),
    });
    expect(missing.body).toMatchObject({
      error: 'competitionName: Competition name is required',
      code: 'invalid_request',
    });

    const first = await client.json<AdminCompetition>('/api/admin/competitions', {
      method: 'POST',
      json: competitionBody(club.uic, { urlName: 'club-champs' }),
    });
    expect(first.status).toBe(200);
    const twice = await client.json('/api/admin/competitions', {
      method: 'POST',
      json: competitionBody(club.uic, { urlName: 'club-champs' }),
    });
    expect(twice).toMatchObject({
      status: 400,
      body: {
        error: 'Another competition of this club already uses this URL name.',
        code: 'invalid',
      },
    });
    const moved = await client.json(`/api/admin/competitions/${first.body.uic}`, {
      method: 'PUT',
      json: competitionBody(club.uic + 100000, { urlName: 'club-champs' }),
    });
    expect(moved).toMatchObject({
      status: 400,
      body: { error: 'The club of a competition cannot be changed.', code: 'invalid' },
    });
  });

  it('stops the limited plan at three competitions, also when two saves race for the last place', async () => {
    const { club, client } = await admin(RECREATIONAL_PLAN);
    for (let i = 0; i < 2; i++) {
      const res = await client.fetch('/api/admin/competitions', {
        method: 'POST',
        json: competitionBody(club.uic),
      });
      expect(res.status).toBe(200);
    }
    const race = await Promise.all(
      [0, 1].map(() =>
        client.json('/api/admin/competitions', { method: 'POST', json: competitionBody(club.uic) }),
      ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(race.find((r) => r.status === 403)!.body).toMatchObject({
      error: COMPETITION_LIMIT_MESSAGE,
      code: 'forbidden',
    });
    const count = await t.runtime.db
      .selectFrom('competitions')
      .select('uic')
      .where('clubUic', '=', club.uic)
      .execute();
    expect(count).toHaveLength(3);
  });

  it('gates timetable, wind and photo-finish PDF by plan on the server', async () => {
    const { club, client } = await admin(RECREATIONAL_PLAN);
    const timetable = await client.json('/api/admin/competitions', {
      method: 'POST',
      json: competitionBody(club.uic, { timeTableType: 'MANUAL', timeTableFileName: 'tt.xlsx' }),
    });
    expect(timetable).toMatchObject({
      status: 403,
      body: { error: featureBlockedMessage('timetable'), code: 'forbidden' },
    });

    const competition = await client.json<AdminCompetition>('/api/admin/competitions', {
      method: 'POST',
      json: competitionBody(club.uic),
    });
    const uic = competition.body.uic;
    const windy = await client.json(`/api/admin/competitions/${uic}/events`, {
      method: 'POST',
      json: eventBody({ windSpeed: '+1.2' }),
    });
    expect(windy).toMatchObject({
      status: 403,
      body: { error: featureBlockedMessage('wind_speed'), code: 'forbidden' },
    });
    const event = await client.json<AdminEvent>(`/api/admin/competitions/${uic}/events`, {
      method: 'POST',
      json: eventBody(),
    });
    expect(event.status).toBe(200);
    const pdf = await client.upload(
      `/api/admin/events/${event.body.id}/upload-pdf`,
      samples.pdf,
      'finish.pdf',
      'application/pdf',
    );
    expect(pdf.status).toBe(403);
    expect(await pdf.json()).toMatchObject({
      error: featureBlockedMessage('head_on_camera_image'),
      code: 'forbidden',
    });
    const stored = await t.runtime.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', event.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ windSpeed: null, pdfLink: null });
  });

  it('creates, edits and deletes events by the event rules, pushing each change', async () => {
    const { club, client } = await admin();
    const competition = await createCompetition(t.runtime.db, club.uic);
    const spectator = await Spectator.connect(t.url);
    await spectator.subscribe({ competitionUic: competition.uic });

    const id = randomUUID();
    const created = await client.json<AdminEvent>(
      `/api/admin/competitions/${competition.uic}/events`,
      {
        method: 'POST',
        json: eventBody({ id, fieldDiscipline: 'LONG_JUMP', windSpeed: '-0.4', status: 'scratch' }),
      },
    );
    expect(created.body).toMatchObject({
      id,
      status: 'scratched',
      trackDiscipline: 'ONE_HUNDRED_METER',
      fieldDiscipline: null,
      windSpeed: '-0.4',
      autoCreatedFromTimetable: false,
    });
    await spectator.next((m) => m.name === 'event.changed' && m.payload.event.id === id);
    const again = await client.json(`/api/admin/competitions/${competition.uic}/events`, {
      method: 'POST',
      json: eventBody({ id }),
    });
    expect(again).toMatchObject({
      status: 400,
      body: { error: 'An event with this id already exists.', code: 'invalid' },
    });

    const noRound = await client.json(`/api/admin/events/${id}`, {
      method: 'PUT',
      json: eventBody({ round: 'unknown', trackDiscipline: null }),
    });
    expect(noRound.status).toBe(400);

    const hidden = await client.json<AdminEvent>(`/api/admin/events/${id}`, {
      method: 'PUT',
      json: eventBody({
        eventName: 'Long Jump Women',
        eventType: 'JUMP',
        fieldDiscipline: 'LONG_JUMP',
        visible: false,
      }),
    });
    expect(hidden.body).toMatchObject({
      eventType: 'JUMP',
      trackDiscipline: null,
      fieldDiscipline: 'LONG_JUMP',
      visible: false,
    });
    await spectator.next((m) => m.name === 'event.removed' && m.payload.eventId === id);

    const deleted = await client.json(`/api/admin/events/${id}`, { method: 'DELETE' });
    expect(deleted).toEqual({ status: 200, body: { ok: true } });
    const list = await client.json<AdminEvent[]>(
      `/api/admin/competitions/${competition.uic}/events`,
    );
    expect(list.body).toEqual([]);
    spectator.socket.close();
  });

  it('reads each row an edit of an event announces once', async () => {
    const { club, admin: user } = await clubWithAdmin(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const event = await createEvent(t.runtime.db, competition.uic);
    const counted = countingSelects(t.runtime.db);
    await updateAdminEvent(
      { db: counted.db, bus: t.runtime.bus },
      { id: user.id, email: user.email, username: null, clubUics: [club.uic] },
      event.id,
      EventInput.parse(eventBody({ time: '12:40' })),
    );
    // Whose event it is; in the change, what the public saw of it, then for its message its
    // last kept version, its competition, its club and the competition's schedule; after it,
    // the event as the admin's form shows it, with the schedule. The write returns the rest.
    expect(counted.selects()).toBeLessThanOrEqual(8);
  });

  it('deleting the results file empties the results and puts the event back to upcoming; file types stay locked while files exist', async () => {
    const { club, client } = await admin();
    const competition = await createCompetition(t.runtime.db, club.uic);
    const event = await createEvent(t.runtime.db, competition.uic, {
      status: 'official',
      round: 'finals',
      resultsFileType: 'MANUAL',
      resultsFileName: 'results.xlsx',
      results: [athlete({ rank: '1', name: 'Aoife Byrne', performance: '11.92' })],
    });
    const { body: list } = await client.json<AdminEvent[]>(
      `/api/admin/competitions/${competition.uic}/events`,
    );
    expect(list[0]!.results).toHaveLength(1);
    const base = {
      ...eventBody(),
      eventName: event.eventName,
      status: 'official',
      round: 'finals',
    };

    const switched = await client.json(`/api/admin/events/${event.id}`, {
      method: 'PUT',
      json: { ...base, resultsFileType: 'LYNX_MEET_MANAGMENT', resultsFileName: 'results.xlsx' },
    });
    expect(switched).toMatchObject({
      status: 400,
      body: {
        error: 'Delete the results file and save before changing the results file type.',
        code: 'invalid',
      },
    });

    const cleared = await client.json<AdminEvent>(`/api/admin/events/${event.id}`, {
      method: 'PUT',
      json: { ...base, resultsFileType: 'NONE', resultsFileName: null, results: [] },
    });
    expect(cleared.body).toMatchObject({
      status: 'upcoming',
      results: [],
      resultsFileType: 'NONE',
      resultsFileName: null,
    });
  });

  it('stores an image and a PDF by their bytes, and serves them with type, caching and disposition', async () => {
    const { club, client } = await admin();
    const competition = await createCompetition(t.runtime.db, club.uic);
    const fake = await client.upload(
      `/api/admin/competitions/${competition.uic}/upload-image`,
      samples.fakePng,
      'poster.png',
      'image/png',
    );
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({
      error: 'Only image files are supported.',
      code: 'invalid',
    });

    const up = await client.upload(
      `/api/admin/competitions/${competition.uic}/upload-image`,
      samples.png,
      'poster.jpg',
      'application/octet-stream',
    );
    const saved = (await up.json()) as AdminCompetition;
    expect(saved.imageLink).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const image = await fetch(`${t.url}${saved.imageLink}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('content-disposition')).toBe(
      `inline; filename="poster.jpg"; filename*=UTF-8''poster.jpg`,
    );
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(samples.png);
    const etag = image.headers.get('etag')!;
    expect(
      (await fetch(`${t.url}${saved.imageLink}`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);

    const removed = await client.json<AdminCompetition>(
      `/api/admin/competitions/${competition.uic}/delete-image`,
      { method: 'DELETE' },
    );
    expect(removed.body.imageLink).toBeNull();
    expect((await fetch(`${t.url}${saved.imageLink}`)).status).toBe(404);

    const event = await createEvent(t.runtime.db, competition.uic);
    const notPdf = await client.upload(
      `/api/admin/events/${event.id}/upload-pdf`,
      samples.png,
      'finish.pdf',
      'application/pdf',
    );
    expect(await notPdf.json()).toMatchObject({
      error: 'Only PDF files are supported.',
      code: 'invalid',
    });
    const pdf = await client.upload(
      `/api/admin/events/${event.id}/upload-pdf`,
      samples.pdf,
      'Heat 1 – finish.pdf',
      'application/pdf',
    );
    const { pdfUrl } = (await pdf.json()) as { pdfUrl: string };
    const served = await fetch(`${t.url}${pdfUrl}?download`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="Heat 1 _ finish.pdf"; filename*=UTF-8''Heat%201%20%E2%80%93%20finish.pdf`,
    );
    const publicEvent = await (await fetch(`${t.url}/api/events/${event.id}`)).json();
    expect(publicEvent.pdfLink).toBe(pdfUrl);
    const gone = await client.json<AdminEvent>(`/api/admin/events/${event.id}/delete-pdf`, {
      method: 'DELETE',
    });
    expect(gone.body.pdfLink).toBeNull();
  });

  it('refuses an upload larger than the limit with a clear message, storing nothing', async () => {
    const { club, client } = await admin();
    const competition = await createCompetition(t.runtime.db, club.uic);
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(samples.png);
    const res = await client.upload(
      `/api/admin/competitions/${competition.uic}/upload-image`,
      big,
      'big.png',
      'image/png',
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: 'The file is too large (at most 5 MB).',
      code: 'payload_too_large',
    });
    const row = await t.runtime.db
      .selectFrom('competitions')
      .select('imageLink')
      .where('uic', '=', competition.uic)
      .executeTakeFirstOrThrow();
    expect(row.imageLink).toBeNull();
  });

  it('changes nothing for a cross-site form post, even carrying the admin cookie', async () => {
    const { club, client } = await admin();
    const competition = await createCompetition(t.runtime.db, club.uic, { liveNow: false });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(samples.png)], { type: 'image/png' }), 'x.png');
    const forged = await fetch(`${t.url}/api/admin/competitions/${competition.uic}/upload-image`, {
      method: 'POST',
      headers: { cookie: client.cookie!, origin: 'https://evil.example' },
      body: form,
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({
      error: 'Cross-site request refused.',
      code: 'cross_site',
    });
    const put = await fetch(`${t.url}/api/admin/competitions/${competition.uic}`, {
      method: 'PUT',
      headers: {
        cookie: client.cookie!,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify(competitionBody(club.uic, { liveNow: true })),
    });
    expect(put.status).toBe(403);
    const row = await t.runtime.db
      .selectFrom('competitions')
      .selectAll()
      .where('uic', '=', competition.uic)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ liveNow: false, imageLink: null, version: competition.version });
  });

  it('answers malformed input with a message, never a stack trace or SQL', async () => {
    const { client } = await admin();
    const bad = await client.fetch('/api/admin/competitions', {
      method: 'POST',
      body: '{"clubUic": 1, ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(JSON.parse(text)).toHaveProperty('error');
    expect(text).not.toMatch(/at .*\.ts:\d+|select |insert |node_modules/i);
    const weird = await client.json('/api/admin/competitions/99999999999999999999/events');
    expect(weird.status).toBe(400);
    expect(JSON.stringify(weird.body)).not.toMatch(/select|stack|\.ts/i);
  });
});
